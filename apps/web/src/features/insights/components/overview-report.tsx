/**
 * The owner's overview of a period (spec §2.4), shared by the Vendor Dashboard and the Insights screen: the metric
 * cards, the trend with View Full Report, optionally User Demographics, and the Actionable Insights. The page's frame
 * (headings, descriptions, the charts' places) shows at once; the figures fill it as they arrive.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useInsights } from '../api/get-insights.ts';
import { ActionableInsights } from './actionable-insights.tsx';
import { InsightSection } from './chart-parts.tsx';
import { ChartPlaceholder, DemographicsChart, TrendChart } from './lazy-charts.tsx';
import { MetricCards, MetricCardsPlaceholder } from './metric-cards.tsx';
import { usePeriodParam } from './period-select.tsx';
import { ReportHeader } from './report-header.tsx';
import '../../../lib/owner-strings.ts';

export interface OverviewReportProps {
  testId: string;
  title: string;
  userName: string;
  /** Under the title (the dashboard's welcome). */
  intro?: ReactNode;
  withDemographics: boolean;
  /** How many Actionable Insights to show (the API's order, the most useful first); all when undefined. */
  insightLimit?: number;
}

export function OverviewReport({ testId, title, userName, intro, withDemographics, insightLimit }: OverviewReportProps) {
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
          {data ? <MetricCards metrics={data.metrics} /> : <MetricCardsPlaceholder />}
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
        {withDemographics ? (
          <InsightSection id="demographics-title" title={t('vendorInsights.userDemographics')} description={t('vendorInsights.demographicsDescription')}>
            {data ? <DemographicsChart demographics={data.demographics} /> : <ChartPlaceholder />}
          </InsightSection>
        ) : null}
        {data ? (
          <InsightSection id="actionable-title" title={t('vendorInsights.actionableInsights')}>
            <ActionableInsights insights={insightLimit === undefined ? data.insights : data.insights.slice(0, insightLimit)} />
          </InsightSection>
        ) : null}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl" data-testid={testId}>
      <ReportHeader title={title} userName={userName} period={period} onPeriodChange={setPeriod} range={data?.range}>
        {intro}
      </ReportHeader>
      {body}
    </div>
  );
}
