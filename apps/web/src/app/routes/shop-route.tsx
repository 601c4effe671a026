import { useParams } from 'react-router';
import { ShopPage } from '../../features/shops/components/shop-page.tsx';

/** /shops/:vendorId: a shop's page; an id that cannot exist reads as not found. */
export function ShopRoute() {
  const { vendorId } = useParams();
  return <ShopPage vendorId={Number(vendorId)} />;
}
