import { useMe } from '../../features/auth/api/get-me.ts';
import { ShopEntryScreen } from '../../features/shop-entry/components/shop-entry-screen.tsx';

/** `/shop-entry-confirmation`: the screen with the signed-in shopper's own opt-in. */
export function ShopEntryRoute() {
  const me = useMe();
  return <ShopEntryScreen detectionOn={me.data?.preferences.shopEntryDetection ?? false} />;
}
