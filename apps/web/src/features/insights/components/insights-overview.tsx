/**
 * Spec §2.4's Insights screen, the short overview (DESIGN.md §5, issue 27): the period's metric cards, its trend with
 * View Full Report, and three Actionable Insights. The full report (opportunities, trust, per-offer table) is
 * Business Insights (business-insights.tsx), so the menu's two entries open two different screens.
 */
import { useTranslation } from 'react-i18next';
import { OverviewReport } from './overview-report.tsx';

/** The spec's three Actionable Insights cards, the most useful first (the API's order). */
const OVERVIEW_INSIGHTS = 3;

export function InsightsOverview({ userName }: { userName: string }) {
  const { t } = useTranslation();
  return (
    <OverviewReport testId="insights-overview" title={t('vendorInsights.insightsTitle')} userName={userName} withDemographics={false} insightLimit={OVERVIEW_INSIGHTS} />
  );
}
