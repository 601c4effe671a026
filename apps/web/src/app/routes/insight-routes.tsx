/** The owner's insight screens (spec §2.4): Business Insights and Insights; other accounts are asked to register. */
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/auth/api/get-me.ts';
import { BusinessInsights } from '../../features/insights/components/business-insights.tsx';
import { RequireBusiness } from './require-business.tsx';
import '../../lib/owner-strings.ts';

export function BusinessInsightsRoute() {
  const { t } = useTranslation();
  const me = useMe();
  return <RequireBusiness>{() => <BusinessInsights title={t('vendorInsights.businessInsightsTitle')} userName={me.data?.name ?? ''} />}</RequireBusiness>;
}

export function InsightsRoute() {
  const { t } = useTranslation();
  const me = useMe();
  return <RequireBusiness>{() => <BusinessInsights title={t('vendorInsights.insightsTitle')} userName={me.data?.name ?? ''} />}</RequireBusiness>;
}
