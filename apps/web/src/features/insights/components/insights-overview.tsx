/**
 * Spec §2.4's Insights screen, the short overview (DESIGN.md §5, issue 27): the period's metric cards, its trend with
 * View Full Report, and three Actionable Insights. The full report (opportunities, trust, per-offer table) is
 * Business Insights (business-insights.tsx), so the menu's two entries open two different screens.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useInsights } from '../api/get-insights.ts';
import { ActionableInsights } from './actionable-insights.tsx';
import { InsightSection } from './chart-parts.tsx';
import { ChartPlaceholder, TrendChart } from './lazy-charts.tsx';
import { MetricCards } from './metric-cards.tsx';
import { usePeriodParam } from './period-select.tsx';
import { ReportHeader } from './report-header.tsx';
import '../../../lib/owner-strings.ts';

/** The spec's three Actionable Insights cards, the most useful first (the API's order). */
const OVERVIEW_INSIGHTS = 3;

export function InsightsOverview({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriodParam();
  const insights = useInsights(period);
  const weekly = period === 'weekly';
  const data = insights.data?.data;
  const trendTitle = weekly ? t('vendorInsights.weeklyTrend') : t('vendorInsights.monthlyTrend');
  let body;
  if (insights.isError) body = <ErrorState error={insights.error} />;
  else {
    body = (
      <div className="space-y-6">
        <section aria-labelledby="overview-title">
          <h2 id="overview-title" className="mb-3 text-lg font-semibold text-slate-900">
            {weekly ? t('vendorInsights.weeklyOverview') : t('vendorInsights.monthlyOverview')}
          </h2>
          {data ? <MetricCards metrics={data.metrics} /> : <LoadingState />}
        </section>
        <InsightSection
          id="trend-title"
          title={trendTitle}
          description={t('vendorInsights.trendDescription')}
          action={
            <Link
              to={`${paths.businessInsights}${weekly ? '' : '?period=monthly'}`}
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
            >
              {t('vendorInsights.viewFullReport')}
            </Link>
          }
        >
          {data ? <TrendChart report={data} caption={trendTitle} /> : <ChartPlaceholder />}
        </InsightSection>
        {data ? (
          <InsightSection id="actionable-title" title={t('vendorInsights.actionableInsights')}>
            <ActionableInsights insights={data.insights.slice(0, OVERVIEW_INSIGHTS)} />
          </InsightSection>
        ) : null}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl" data-testid="insights-overview">
      <ReportHeader title={t('vendorInsights.insightsTitle')} userName={userName} period={period} onPeriodChange={setPeriod} range={data?.range} />
      {body}
    </div>
  );
}
