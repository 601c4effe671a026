import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/auth/api/get-me.ts';
import { NearbyHome } from '../../features/nearby/components/nearby-home.tsx';
import { ShopEntryPrompt } from '../../features/shop-entry/components/shop-entry-prompt.tsx';

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
