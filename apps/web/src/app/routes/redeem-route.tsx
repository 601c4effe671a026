/**
 * /redeem: the till screen where a business's people redeem shoppers' codes (issue 13); a role without
 * `redemptions.undo` (a cashier, issue 28 §4) sees today's list and undoes only their own.
 */
import { RedeemScreen } from '../../features/redeem/components/redeem-screen.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { RequireBusiness } from './require-business.tsx';

export function RedeemRoute() {
  const me = useMe();
  return (
    <RequireBusiness permission="redeem">
      {(vendor) => <RedeemScreen cashierUserId={vendor.permissions.includes('redemptions.undo') ? null : (me.data?.id ?? null)} />}
    </RequireBusiness>
  );
}
