import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRUST_LEVELS } from '@qrib/shared/insight-constants';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { paths } from '../../../config/paths.ts';
import { trustProgressText } from '../format.ts';
import { InsightSection } from './chart-parts.tsx';
import '../../../lib/owner-strings.ts';

const threshold = (level: (typeof TRUST_LEVELS)[number]['level']) => TRUST_LEVELS.find((entry) => entry.level === level)?.minVerifiedPurchases ?? 0;

/** Spec §2.4 Trust Rating: rating, level, verified purchases, customer confirmations and the way to the next level. */
export function TrustRating({ trust }: { trust: VendorInsights['trust'] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const rating =
    trust.rating === null
      ? t('vendorInsights.noRating')
      : t('vendorInsights.ratingValue', { rating: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(trust.rating) });
  const progressLabel = trust.nextLevel ? t('vendorInsights.progressTo', { level: t(`vendorInsights.levels.${trust.nextLevel}`) }) : t('vendorInsights.topLevel');
  const figures = [
    { key: 'rating', label: t('vendorInsights.rating'), value: rating },
    { key: 'level', label: t('vendorInsights.level'), value: t(`vendorInsights.levels.${trust.level}`) },
    { key: 'verifiedPurchases', label: t('vendorInsights.verifiedPurchases'), value: number.format(trust.verifiedPurchases) },
    { key: 'customerConfirmations', label: t('vendorInsights.customerConfirmations'), value: number.format(trust.customerConfirmations) },
  ];
  return (
    <InsightSection id="trust-rating" title={t('vendorInsights.trustRating')}>
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-1 size-8 shrink-0 text-brand-700" />
        <dl className="grid flex-1 grid-cols-2 gap-3 md:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.key} data-testid={`trust-${figure.key}`}>
              <dt className="text-xs text-slate-600">{figure.label}</dt>
              <dd className="mt-1 text-lg font-semibold text-slate-900">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="mt-4">
        <div className="mb-1 flex justify-between text-xs text-slate-600">
          <span>{progressLabel}</span>
          <span>{new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(trust.progressPercent / 100)}</span>
        </div>
        <div
          role="progressbar"
          aria-label={progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={trust.progressPercent}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-700" style={{ width: `${trust.progressPercent}%` }} />
        </div>
        <p className="mt-2 text-sm font-medium text-slate-800" data-testid="trust-progress-text">
          {trustProgressText(t, trust)}
        </p>
        <p className="mt-1 text-xs text-slate-600">
          {t('vendorInsights.ratingExplained', { silver: threshold('SILVER'), gold: threshold('GOLD'), platinum: threshold('PLATINUM') })}
        </p>
      </div>
      <Link to={paths.receiptUpload} className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        {t('vendorInsights.submitReceipt')}
      </Link>
    </InsightSection>
  );
}
