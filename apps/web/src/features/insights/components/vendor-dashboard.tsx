/** Spec §2.4 Vendor Dashboard with real figures (DESIGN.md §5): metric cards, trend, demographics, insights. */
import { useTranslation } from 'react-i18next';
import { OverviewReport } from './overview-report.tsx';

export function VendorDashboard({ userName }: { userName: string }) {
  const { t } = useTranslation();
  return (
    <OverviewReport
      testId="vendor-dashboard"
      title={t('vendorInsights.dashboardTitle')}
      userName={userName}
      withDemographics
      intro={
        <p className="mt-1 text-slate-700" data-testid="welcome">
          {t('dashboard.welcome', { name: userName })}
        </p>
      }
    />
  );
}
