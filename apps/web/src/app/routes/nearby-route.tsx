import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/auth/api/get-me.ts';
import { NearbyHome } from '../../features/nearby/components/nearby-home.tsx';

/** Only for those who turned shop entry detection on (off for a new shopper): its code is not part of the home's first load. */
const ShopEntryPrompt = lazy(async () => ({ default: (await import('../../features/shop-entry/components/shop-entry-prompt.tsx')).ShopEntryPrompt }));

/** The shopper home: nearby offers, greeting the reader; a shop entry prompt for those who turned it on. */
export function NearbyOffersRoute() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <>
      {me.data?.preferences.shopEntryDetection ? (
        <Suspense fallback={null}>
          <ShopEntryPrompt />
        </Suspense>
      ) : null}
      <NearbyHome greeting={t('dashboard.welcome', { name: me.data?.name ?? '' })} />
    </>
  );
}
