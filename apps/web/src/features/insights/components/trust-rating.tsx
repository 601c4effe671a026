import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRUST_LEVELS } from '@qrib/shared/insight-constants';
import { RATING_WINDOW_MONTHS, TRUST_PURCHASES_PER_SHOPPER_DAY } from '@qrib/shared/trust-constants';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { paths } from '../../../config/paths.ts';
import { trustProgressText } from '../format.ts';
import { InsightSection } from './chart-parts.tsx';
import '../../../lib/owner-strings.ts';
// The rating's words ('4.6 · 38 reviews', 'No reviews yet', the link) are the shoppers' own, in en-trust.
import '../../../lib/trust-strings.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';

const threshold = (level: (typeof TRUST_LEVELS)[number]['level']) => TRUST_LEVELS.find((entry) => entry.level === level)?.minVerifiedPurchases ?? 0;

/**
 * Spec §2.4 Trust Rating (issue 14: a rating the shop cannot grade): the reviews' rating ('4.6 · 38 reviews', or 'No
 * reviews yet'), the level from purchases the shop did not confirm alone, and the receipts only the owner confirmed
 * ('customer confirmations') apart, and the purchases pending an established account (issue 24); the way to the next
 * level and the link to 'How ratings and reviews work'.
 */
export function TrustRating({ trust }: { trust: VendorInsights['trust'] }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const average = trust.rating === null ? null : numberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(trust.rating);
  const rating =
    average === null || trust.reviewCount === 0
      ? t('trust.noReviews')
      : t(trust.reviewCount === 1 ? 'trust.ratingSummaryOne' : 'trust.ratingSummary', { average, count: number.format(trust.reviewCount) });
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
      <p className="mt-2 text-xs text-slate-600" data-testid="trust-customerConfirmations-note">
        {t('vendorInsights.customerConfirmationsNote')}
      </p>
      {/* Issue 24: purchases from accounts not established yet are shown, never silently missing from the level. */}
      {trust.pendingPurchases > 0 ? (
        <p className="mt-1 text-sm font-medium text-slate-800" data-testid="trust-pendingPurchases">
          {t('ownerEvidence.pendingPurchases', { count: trust.pendingPurchases })}
        </p>
      ) : null}
      <div className="mt-4">
        <div className="mb-1 flex justify-between text-xs text-slate-600">
          <span>{progressLabel}</span>
          <span>{numberFormat(i18n.language, { style: 'percent' }).format(trust.progressPercent / 100)}</span>
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
          {t('vendorInsights.ratingExplained', {
            months: RATING_WINDOW_MONTHS,
            perDay: TRUST_PURCHASES_PER_SHOPPER_DAY,
            silver: threshold('SILVER'),
            gold: threshold('GOLD'),
            platinum: threshold('PLATINUM'),
          })}
        </p>
        <Link to={paths.howRatingsWork} className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline">
          {t('trust.howRatingsLink')}
        </Link>
      </div>
      <Link to={paths.receiptUpload} className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        {t('vendorInsights.submitReceipt')}
      </Link>
    </InsightSection>
  );
}
