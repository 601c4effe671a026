import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { isVerifyBannerDismissed } from '../../features/account-access/verify-banner-state.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { PushOfferHost } from '../../features/push/components/push-offer-host.tsx';
import { afterFirstScreen, markFirstScreenDrawn } from '../../lib/after-page-load.ts';
import { returnPathFor, withReturnPath } from '../../lib/return-path.ts';
import { AppShell } from '../layout/app-shell.tsx';
import { FullPageLoading } from './full-page-loading.tsx';

// Issues 15 and 27: only an account whose address is not verified loads the one-line notice (its detail is on the profile).
// Its code comes once the first screen is drawn (lib/after-page-load.ts): a new shopper's first load goes without it.
const VerifyEmailBanner = lazy(async () => ({
  default: (await afterFirstScreen(() => import('../../features/account-access/components/verify-email-banner.tsx'))).VerifyEmailBanner,
}));

/**
 * Everything but login and sign-up: no session sends the reader to /login, carrying a shared page (an offer,
 * a shop) to come back to after login.
 */
export function ProtectedLayout() {
  const me = useMe();
  const location = useLocation();
  // The nearby offers home says itself when its first offers are drawn (nearby-home.tsx); any other screen needs no wait.
  const isOwner = Boolean(me.data?.vendor);
  const showsNearbyHome = location.pathname === paths.nearbyOffers || (location.pathname === paths.home && !isOwner);
  useEffect(() => {
    if (!showsNearbyHome) markFirstScreenDrawn();
  }, [showsNearbyHome]);
  if (me.isPending) return <FullPageLoading />;
  if (me.isError) throw me.error;
  if (!me.data) return <Navigate to={withReturnPath(paths.login, returnPathFor(location))} replace />;
  return (
    <AppShell user={me.data}>
      {me.data.emailVerified ? null : (
        // Its place is kept while its code loads (one line: the notice's own height), so nothing below jumps when it arrives.
        <Suspense fallback={isVerifyBannerDismissed(me.data.id) ? null : <div aria-hidden="true" className="mx-auto mb-3 h-11 max-w-3xl" />}>
          <VerifyEmailBanner userId={me.data.id} />
        </Suspense>
      )}
      <Outlet />
      {/* Issue 29 §1: the offer to turn push on, after a first save or code (lib/push-offer.ts). */}
      <PushOfferHost />
    </AppShell>
  );
}
