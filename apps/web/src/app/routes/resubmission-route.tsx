/** /ven-reg/resubmit: a refused business corrected and sent to Qrib again (issue 14). */
import { BusinessResubmission } from '../../features/vendors/components/business-resubmission.tsx';
import { RequireBusiness } from './require-business.tsx';

export function ResubmissionRoute() {
  return <RequireBusiness permission="shop.edit">{() => <BusinessResubmission />}</RequireBusiness>;
}
