/**
 * The owner's insight screens (spec §2.4): Insights, the short overview, and Business Insights, the full report
 * (DESIGN.md §5); other accounts are asked to register.
 */
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/auth/api/get-me.ts';
import { BusinessInsights } from '../../features/insights/components/business-insights.tsx';
import { InsightsOverview } from '../../features/insights/components/insights-overview.tsx';
import { RequireBusiness } from './require-business.tsx';
import '../../lib/owner-strings.ts';

export function BusinessInsightsRoute() {
  const { t } = useTranslation();
  const me = useMe();
  return <RequireBusiness permission="insights.view">{() => <BusinessInsights title={t('vendorInsights.businessInsightsTitle')} userName={me.data?.name ?? ''} />}</RequireBusiness>;
}

export function InsightsRoute() {
  const me = useMe();
  return <RequireBusiness permission="insights.view">{() => <InsightsOverview userName={me.data?.name ?? ''} />}</RequireBusiness>;
}
