import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { paths } from '../../../config/paths.ts';
import { formatHour } from '../format.ts';
import { InsightSection } from './chart-parts.tsx';
import '../../../lib/owner-strings.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';

/** Spec §2.4 Unseen Opportunities, from the period's events and visits; Connect Your POS says it is not there yet. */
export function UnseenOpportunities({ unseen }: { unseen: VendorInsights['unseen'] }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const peakHours = unseen.peakHours.length === 0 ? t('vendorInsights.noPeakHours') : unseen.peakHours.map((entry) => formatHour(entry.hour)).join(', ');
  const figures = [
    { key: 'potentialClients', label: t('vendorInsights.potentialClients'), value: number.format(unseen.potentialClients) },
    { key: 'missedClients', label: t('vendorInsights.missedClients'), value: number.format(unseen.missedClients) },
    { key: 'dealsNotSeen', label: t('vendorInsights.dealsNotSeen'), value: number.format(unseen.dealsNotSeen) },
    { key: 'footTraffic', label: t('vendorInsights.footTraffic'), value: number.format(unseen.footTraffic) },
    { key: 'peakHours', label: t('vendorInsights.peakHours'), value: peakHours },
    { key: 'engagement', label: t('vendorInsights.engagement'), value: numberFormat(i18n.language, { style: 'percent' }).format(unseen.engagementPercent / 100) },
  ];
  return (
    <InsightSection id="unseen-opportunities" title={t('vendorInsights.unseenOpportunities')}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.key} className="rounded-xl bg-slate-50 p-3" data-testid={`unseen-${figure.key}`}>
            <dt className="text-xs text-slate-600">{figure.label}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <div className="max-w-sm">
          <button
            type="button"
            disabled
            aria-describedby="pos-unavailable"
            className="min-h-11 cursor-not-allowed rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-700"
          >
            {t('vendorInsights.connectPos')}
          </button>
          <p id="pos-unavailable" className="mt-1 text-xs text-slate-600">
            {t('vendorInsights.posUnavailable')}
          </p>
        </div>
        <Link to={paths.addOffer} className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          {t('vendorInsights.createPromotion')}
        </Link>
      </div>
    </InsightSection>
  );
}
