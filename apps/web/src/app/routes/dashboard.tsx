import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/auth/api/get-me.ts';
import { VendorDashboard } from '../../features/insights/components/vendor-dashboard.tsx';
import { NearbyHome } from '../../features/nearby/components/nearby-home.tsx';
import { ShopEntryPrompt } from '../../features/shop-entry/components/shop-entry-prompt.tsx';

/** The shop owner's dashboard (spec §2.4 Vendor Dashboard) with the shop's real figures. */
export function DashboardRoute() {
  const me = useMe();
  return <VendorDashboard userName={me.data?.name ?? ''} />;
}

/** The shopper home: nearby offers, greeting the reader; a shop entry prompt for those who turned it on. */
export function NearbyOffersRoute() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <>
      {me.data?.preferences.shopEntryDetection ? <ShopEntryPrompt /> : null}
      <NearbyHome greeting={t('dashboard.welcome', { name: me.data?.name ?? '' })} />
    </>
  );
}

/** `/`: the dashboard for shop owners, the nearby offers home for everyone else (spec §2.1, issue 4). */
export function HomeRoute() {
  const me = useMe();
  return me.data?.vendor ? <DashboardRoute /> : <NearbyOffersRoute />;
}
