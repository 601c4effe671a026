import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/auth/api/get-me.ts';
import { NearbyHome } from '../../features/nearby/components/nearby-home.tsx';
import { ShopEntryPrompt } from '../../features/shop-entry/components/shop-entry-prompt.tsx';
import { ComingSoon } from './coming-soon.tsx';

export function DashboardRoute() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p className="text-lg text-slate-700" data-testid="welcome">
        {t('dashboard.welcome', { name: me.data?.name ?? '' })}
      </p>
      <ComingSoon screen="dashboard" showHomeLink={false} />
    </div>
  );
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
