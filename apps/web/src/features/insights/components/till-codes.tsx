import { useTranslation } from 'react-i18next';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { InsightSection } from './chart-parts.tsx';
import '../../../lib/owner-strings.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';

/**
 * Codes at the till in the period (issue 13): codes claimed, redeemed, the claim-to-redemption rate, and the same
 * per offer, most redeemed first.
 */
export function TillCodes({ redemptions }: { redemptions: VendorInsights['redemptions'] }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const rate =
    redemptions.ratePercent === null ? t('vendorInsights.tillRateNone') : numberFormat(i18n.language, { style: 'percent' }).format(redemptions.ratePercent / 100);
  const figures = [
    { key: 'claims', label: t('vendorInsights.tillClaims'), value: number.format(redemptions.claims) },
    { key: 'redemptions', label: t('vendorInsights.tillRedemptions'), value: number.format(redemptions.redemptions) },
    { key: 'rate', label: t('vendorInsights.tillRate'), value: rate },
  ];
  return (
    <InsightSection id="till-codes" title={t('vendorInsights.tillTitle')} description={t('vendorInsights.tillDescription')}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.key} className="rounded-xl bg-slate-50 p-3" data-testid={`till-${figure.key}`}>
            <dt className="text-xs text-slate-600">{figure.label}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {redemptions.byOffer.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t('vendorInsights.tillEmpty')}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-start text-sm" data-testid="till-by-offer">
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600">
                <th scope="col" className="py-2 pe-3 text-start font-medium">
                  {t('vendorInsights.tillOffer')}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t('vendorInsights.tillClaims')}
                </th>
                <th scope="col" className="ps-3 py-2 text-end font-medium">
                  {t('vendorInsights.tillRedemptions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {redemptions.byOffer.map((offer) => (
                <tr key={offer.offerId} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 pe-3 text-start font-medium text-slate-900">
                    {offer.title}
                  </th>
                  <td className="px-3 py-2 text-end tabular-nums text-slate-800">{number.format(offer.claims)}</td>
                  <td className="ps-3 py-2 text-end tabular-nums text-slate-800">{number.format(offer.redemptions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </InsightSection>
  );
}
