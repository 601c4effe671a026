/** The spec's Detected shop card: the shop, a recently-visited note, the question and its two answers. */
import { MapPin, Store } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopVisit } from '@qrib/shared/visit-schemas';
import { Button } from '../../../components/ui/button.tsx';
import { distanceText } from '../../../lib/format.ts';

export function DetectedShopCard({
  visit,
  busy,
  onConfirmPurchase,
  onNotPurchased,
}: {
  visit: ShopVisit;
  busy: boolean;
  onConfirmPurchase: () => void;
  onNotPurchased: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [logoFailed, setLogoFailed] = useState(false);
  const initial = visit.businessName.trim().charAt(0).toLocaleUpperCase();
  return (
    <article aria-labelledby="detected-shop-title" className="space-y-4 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm" data-testid="detected-shop">
      <h2 id="detected-shop-title" className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-800">
        <Store aria-hidden="true" className="size-4" />
        {t('shopEntry.detectedTitle')}
      </h2>
      <div className="flex items-start gap-3">
        {visit.logoUrl && !logoFailed ? (
          <img src={visit.logoUrl} alt="" onError={() => setLogoFailed(true)} className="size-14 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800">
            {initial}
          </span>
        )}
        <div className="min-w-0">
          <p className="text-lg font-semibold text-slate-900" data-testid="detected-shop-name">
            <bdi>{visit.businessName}</bdi>
          </p>
          <p className="flex items-start gap-1 text-sm text-slate-700">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <bdi>{visit.businessAddress}</bdi>
          </p>
          {visit.distance !== null ? (
            <p className="text-sm text-slate-600">{distanceText(t, visit.distance, i18n.language)}</p>
          ) : null}
        </div>
      </div>
      <div className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
        <p className="font-medium">{t('shopEntry.recentlyVisited')}</p>
        {visit.offer ? (
          <p data-testid="detected-shop-offer">{t('shopEntry.viewedOffer', { title: visit.offer.title })}</p>
        ) : null}
      </div>
      <p className="font-semibold text-slate-900">{t('shopEntry.question', { business: visit.businessName })}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button onClick={onConfirmPurchase} disabled={busy}>
          {t('shopEntry.confirmPurchase')}
        </Button>
        <Button variant="secondary" onClick={onNotPurchased} disabled={busy}>
          {t('shopEntry.notPurchased')}
        </Button>
      </div>
    </article>
  );
}
