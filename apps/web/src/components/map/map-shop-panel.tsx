/** The card of the shop whose marker was tapped: its name (to its page), its offers, and a way to close it. */
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

export function MapShopPanel({ vendorId, businessName, onClose, children }: { vendorId: number; businessName: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="map-shop-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="map-shop-card">
      <div className="flex items-center justify-between gap-3">
        <h3 id="map-shop-title" className="text-base font-semibold">
          <Link to={paths.shop(vendorId)} className="text-brand-700 underline">
            <bdi>{businessName}</bdi>
          </Link>
        </h3>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('map.closeShop', { name: businessName })}
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      {children}
    </section>
  );
}
