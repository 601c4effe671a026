/**
 * The console's headline figures: businesses by state, offers live, shoppers active this week, open reports, disputes and
 * suspicious activity (issue 24), receipts by verdict.
 */
import { useTranslation } from 'react-i18next';
import type { AdminOverview } from '@qrib/shared/trust-schemas';
import '../../../lib/owner-strings.ts';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

export function OverviewFigures({ overview }: { overview: AdminOverview }) {
  const { t } = useTranslation();
  const figures: [string, number][] = [
    [t('admin.figures.pending'), overview.vendors.PENDING],
    [t('admin.figures.active'), overview.vendors.ACTIVE],
    [t('admin.figures.suspended'), overview.vendors.SUSPENDED],
    [t('admin.figures.rejected'), overview.vendors.REJECTED],
    [t('admin.figures.offersLive'), overview.offersLive],
    [t('admin.figures.shoppersActive'), overview.shoppersActiveThisWeek],
    [t('admin.figures.openReports'), overview.openReports],
    [t('admin.figures.openDisputes'), overview.openDisputes],
    [t('ownerEvidence.suspiciousOpen'), overview.suspiciousOpen],
    [t('admin.figures.receiptsPending'), overview.receipts.PENDING],
    [t('admin.figures.receiptsVerified'), overview.receipts.VERIFIED],
    [t('admin.figures.receiptsRejected'), overview.receipts.REJECTED],
    [t('admin.figures.receiptsNeedsReview'), overview.receipts.NEEDS_REVIEW],
  ];
  return (
    <section aria-labelledby="admin-figures" className="mb-6">
      <h2 id="admin-figures" className="sr-only">
        {t('admin.figures.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="admin-figures">
        {figures.map(([label, value]) => (
          <Figure key={label} label={label} value={value} />
        ))}
      </dl>
    </section>
  );
}
