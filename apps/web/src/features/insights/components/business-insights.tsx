/**
 * Spec §2.4 Business Insights, the full report (the Insights screen is the short overview, insights-overview.tsx): the
 * period's overview, Performance Trends, Actionable Insights, Unseen Opportunities, each offer's figures with the
 * period's CSV (issue 28 §5), the per-offer till codes and the Trust Rating, from the shop's real figures.
 */
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { useInsights } from '../api/get-insights.ts';
import { changeToneClass, formatEuro, isolateLtr } from '../format.ts';
import { ActionableInsights } from './actionable-insights.tsx';
import { InsightSection } from './chart-parts.tsx';
import { OfferFiguresTable } from './offer-figures-table.tsx';
import { usePeriodParam } from './period-select.tsx';
import { PerformanceBars } from './lazy-charts.tsx';
import { ReportHeader } from './report-header.tsx';
import { TillCodes } from './till-codes.tsx';
import { StampCardFigures } from './stamp-card-figures.tsx';
import { TrustRating } from './trust-rating.tsx';
import { UnseenOpportunities } from './unseen-opportunities.tsx';
import '../../../lib/owner-strings.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';

export function BusinessInsights({ title, userName }: { title: string; userName: string }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = usePeriodParam();
  const insights = useInsights(period);
  const number = numberFormat(i18n.language);
  let body;
  if (insights.isPending) body = <LoadingState />;
  else if (insights.isError) body = <ErrorState error={insights.error} />;
  else {
    const data = insights.data.data;
    const overview = [
      { key: 'users', label: t('vendorInsights.overviewUsers'), value: number.format(data.metrics.usersNearby.value), change: data.metrics.usersNearby.change },
      { key: 'offers', label: t('vendorInsights.overviewOffers'), value: number.format(data.overview.activeOffers) },
      { key: 'viewed', label: t('vendorInsights.overviewViewed'), value: number.format(data.metrics.offersViewed.value), change: data.metrics.offersViewed.change },
      { key: 'conversions', label: t('vendorInsights.conversions'), value: number.format(data.metrics.conversions.value), change: data.metrics.conversions.change },
      {
        key: 'avgOrderValue',
        label: t('vendorInsights.avgOrderValue'),
        value: formatEuro(data.metrics.avgOrderValue.value, i18n.language),
        change: data.metrics.avgOrderValue.change,
      },
    ];
    body = (
      <div className="space-y-6">
        <InsightSection id="overview-title" title={period === 'weekly' ? t('vendorInsights.weeklyOverview') : t('vendorInsights.monthlyOverview')}>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
            {overview.map((figure) => (
              <div key={figure.key} className="rounded-xl bg-slate-50 p-3" data-testid={`overview-${figure.key}`}>
                <dt className="text-xs text-slate-600">{figure.label}</dt>
                <dd className="mt-1 text-xl font-bold text-slate-900">{figure.value}</dd>
                {figure.change === undefined ? null : (
                  <dd className={`text-xs font-semibold ${changeToneClass(figure.change)}`}>
                    {t('vendorInsights.changeVsPrevious', { change: isolateLtr(figure.change) })}
                  </dd>
                )}
              </div>
            ))}
          </dl>
        </InsightSection>
        <InsightSection id="performance-title" title={t('vendorInsights.performanceTrends')} description={t('vendorInsights.performanceDescription')}>
          <PerformanceBars trend={data.trend} caption={t('vendorInsights.performanceTrends')} />
        </InsightSection>
        <InsightSection id="actionable-title" title={t('vendorInsights.actionableInsights')}>
          <ActionableInsights insights={data.insights} />
        </InsightSection>
        <UnseenOpportunities unseen={data.unseen} />
        <OfferFiguresTable range={data.range} />
        <TillCodes redemptions={data.redemptions} />
        <StampCardFigures stampCard={data.stampCard} />
        <TrustRating trust={data.trust} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl" data-testid="business-insights">
      <ReportHeader title={title} userName={userName} period={period} onPeriodChange={setPeriod} range={insights.data?.data.range} />
      {body}
    </div>
  );
}
