/** /redeem: the till screen where an owner redeems shoppers' codes (issue 13), for accounts with a registered business. */
import { RedeemScreen } from '../../features/redeem/components/redeem-screen.tsx';
import { RequireBusiness } from './require-business.tsx';

export function RedeemRoute() {
  return <RequireBusiness>{() => <RedeemScreen />}</RequireBusiness>;
}
