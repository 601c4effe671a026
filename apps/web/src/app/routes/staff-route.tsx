/** /staff: the owner's staff (issue 28 §4): invite, roles, removal; `staff.manage` is the owner's alone. */
import { StaffScreen } from '../../features/staff/components/staff-screen.tsx';
import { RequireBusiness } from './require-business.tsx';

export function StaffRoute() {
  return <RequireBusiness permission="staff.manage">{() => <StaffScreen />}</RequireBusiness>;
}
