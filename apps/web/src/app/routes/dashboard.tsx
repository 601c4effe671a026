import { useMe } from '../../features/auth/api/get-me.ts';
import { VendorDashboard } from '../../features/insights/components/vendor-dashboard.tsx';
import { BusinessStatusBanner } from '../../features/vendors/components/business-status-banner.tsx';

/** The shop owner's dashboard (spec §2.4 Vendor Dashboard) with the shop's real figures. */
export function DashboardRoute() {
  const me = useMe();
  return (
    <>
      <BusinessStatusBanner />
      <VendorDashboard userName={me.data?.name ?? ''} />
    </>
  );
}
