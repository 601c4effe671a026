/**
 * Each offer in the chosen period (issue 28 §5): times shown, views, saves, codes claimed and redemptions, with the
 * dashboard's definitions (GET /vendors/me/insights/offers), and the period's CSV to download (a row per day and offer).
 */
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { useOfferFigures } from '../../../lib/offer-figures.ts';
import { insightsExportUrl } from '../api/insights-export.ts';
import { formatDateRange } from '../format.ts';
import { InsightSection } from './chart-parts.tsx';
import '../../../lib/owner-strings.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';

const COLUMNS = [
  { key: 'impressions', label: 'weekNumbers.impressions' },
  { key: 'views', label: 'weekNumbers.views' },
  { key: 'saves', label: 'weekNumbers.saves' },
  { key: 'claims', label: 'weekNumbers.codes' },
  { key: 'redemptions', label: 'weekNumbers.redemptions' },
] as const;

export function OfferFiguresTable({ range }: { range: VendorInsights['range'] }) {
  const { t, i18n } = useTranslation();
  const figures = useOfferFigures({ from: range.from, to: range.to });
  const number = numberFormat(i18n.language);
  const download = (
    <div className="flex flex-col items-start gap-1">
      <a
        href={insightsExportUrl(range.from, range.to)}
        download
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <Download aria-hidden="true" className="size-4" />
        {t('weekNumbers.downloadCsv')}
      </a>
      <p className="text-xs text-slate-600">{t('weekNumbers.downloadHint', { range: formatDateRange(range.from, range.to, i18n.language) })}</p>
    </div>
  );
  let body;
  if (figures.isPending) body = <LoadingState />;
  else if (figures.isError) body = <ErrorState error={figures.error} />;
  else if (figures.data.offers.length === 0) body = <p className="text-sm text-slate-600">{t('weekNumbers.empty')}</p>;
  else {
    body = (
      <div role="region" aria-labelledby="offer-figures-title" tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-700">
        <table className="w-full text-sm" data-testid="offer-figures">
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600">
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t('weekNumbers.colOffer')}
              </th>
              {COLUMNS.map((column) => (
                <th key={column.key} scope="col" className="px-3 py-2 text-end font-medium last:pe-0">
                  {t(column.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figures.data.offers.map((offer) => (
              <tr key={offer.offerId} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-2 pe-3 text-start font-medium break-words text-slate-900">
                  {offer.title}
                  {offer.status === 'ACTIVE' ? null : <span className="ms-2 text-xs font-normal text-slate-600">{t(`offerDetail.statuses.${offer.status}`)}</span>}
                </th>
                {COLUMNS.map((column) => (
                  <td key={column.key} className="px-3 py-2 text-end text-slate-800 tabular-nums last:pe-0">
                    {number.format(offer[column.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <InsightSection id="offer-figures-title" title={t('weekNumbers.tableTitle')} description={t('weekNumbers.tableDescription')} action={download}>
      {body}
    </InsightSection>
  );
}
