/** /shop-profile: the owner edits their shop's page (issue 28); other accounts are asked to register a business. */
import { ShopProfile } from '../../features/shop-profile/components/shop-profile.tsx';
import { getCurrentPosition } from '../../features/vendors/components/current-position.ts';
import { RequireBusiness } from './require-business.tsx';

export function ShopProfileRoute() {
  return <RequireBusiness permission="shop.edit">{() => <ShopProfile locate={() => getCurrentPosition()} />}</RequireBusiness>;
}
