/** Spec §2.4 Vendor Dashboard with real figures (DESIGN.md §5): metric cards, trend, demographics, insights. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useInsights } from '../api/get-insights.ts';
import { ActionableInsights } from './actionable-insights.tsx';
import { InsightSection } from './chart-parts.tsx';
import { ChartPlaceholder, DemographicsChart, TrendChart } from './lazy-charts.tsx';
import { MetricCards } from './metric-cards.tsx';
import { usePeriodParam } from './period-select.tsx';
import { ReportHeader } from './report-header.tsx';
import '../../../lib/owner-strings.ts';

export function VendorDashboard({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriodParam();
  const insights = useInsights(period);
  const weekly = period === 'weekly';
  // The page's frame (headings, descriptions, the charts' places) shows at once; the figures fill it as they arrive.
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
        <InsightSection id="demographics-title" title={t('vendorInsights.userDemographics')} description={t('vendorInsights.demographicsDescription')}>
          {data ? <DemographicsChart demographics={data.demographics} /> : <ChartPlaceholder />}
        </InsightSection>
        {data ? (
          <InsightSection id="actionable-title" title={t('vendorInsights.actionableInsights')}>
            <ActionableInsights insights={data.insights} />
          </InsightSection>
        ) : null}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl" data-testid="vendor-dashboard">
      <ReportHeader
        title={t('vendorInsights.dashboardTitle')}
        userName={userName}
        period={period}
        onPeriodChange={setPeriod}
        range={insights.data?.data.range}
      >
        <p className="mt-1 text-slate-700" data-testid="welcome">
          {t('dashboard.welcome', { name: userName })}
        </p>
      </ReportHeader>
      {body}
    </div>
  );
}
