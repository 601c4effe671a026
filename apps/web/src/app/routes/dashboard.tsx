import { useMe } from '../../features/auth/api/get-me.ts';
import { VendorDashboard } from '../../features/insights/components/vendor-dashboard.tsx';
import { useMyBusiness } from '../../features/vendors/api/get-my-business.ts';
import { BusinessStatusBanner } from '../../features/vendors/components/business-status-banner.tsx';
import { PendingNextSteps } from '../../features/vendors/components/pending-next-steps.tsx';

/**
 * The shop owner's dashboard (spec §2.4 Vendor Dashboard) with the shop's real figures; a business still waiting for
 * Qrib's check has none yet, so it is told what happens next instead (issue 28).
 */
export function DashboardRoute() {
  const me = useMe();
  const isPending = useMyBusiness().data?.status === 'PENDING';
  return (
    <>
      <BusinessStatusBanner />
      {isPending ? <PendingNextSteps /> : <VendorDashboard userName={me.data?.name ?? ''} />}
    </>
  );
}
