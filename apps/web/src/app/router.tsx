/**
 * The routes of spec §2.1 on react-router's declarative router (ADR 022, third addendum: the data router's code was
 * 14 KB of every first load, for `errorElement` alone). Each top-level route's screen is inside RouteErrors.
 */
import type { ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { screen } from './lazy-screen.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { ProtectedLayout } from './routes/protected-layout.tsx';
import { RouteErrors } from './routes/route-errors.tsx';

const authRoutes = () => import('./routes/auth-routes.tsx');
const insightRoutes = () => import('./routes/insight-routes.tsx');
const vendorScreens = () => import('./routes/vendor-screens.tsx');
const codesRoutes = () => import('./routes/codes-route.tsx');
const trustRoutes = () => import('./routes/trust-routes.tsx');
const accountAccessRoutes = () => import('./routes/account-access-routes.tsx');
const oidcRoutes = () => import('./routes/oidc-routes.tsx');
const stampCardRoutes = () => import('./routes/stamp-card-routes.tsx');

const guarded = (element: ReactNode) => <RouteErrors>{element}</RouteErrors>;

export const routes: RouteObject[] = [
  { path: '/login', element: guarded(screen(authRoutes, 'LoginRoute')) },
  { path: '/signup', element: guarded(screen(authRoutes, 'SignupRoute')) },
  // Account access (issue 15, DESIGN.md §5): 'Forgot password?' and the mails' links, open signed out and signed in.
  { path: '/forgot-password', element: guarded(screen(accountAccessRoutes, 'ForgotPasswordRoute')) },
  { path: '/reset-password', element: guarded(screen(accountAccessRoutes, 'ResetPasswordRoute')) },
  { path: '/verify-email', element: guarded(screen(accountAccessRoutes, 'VerifyEmailRoute')) },
  { path: '/unsubscribe', element: guarded(screen(accountAccessRoutes, 'UnsubscribeRoute')) },
  { path: '/staff-invitation', element: guarded(screen(accountAccessRoutes, 'StaffInvitationRoute')) },
  // Issue 27: after a provider sign-in: complete a new account, or link the account that has the address.
  { path: '/oidc/complete', element: guarded(screen(oidcRoutes, 'OidcCompleteRoute')) },
  { path: '/oidc/link', element: guarded(screen(oidcRoutes, 'OidcLinkRoute')) },
  // Public pages (issue 14, DESIGN.md §5): what a rating means and what orders offers, readable signed out.
  { path: '/how-ratings-work', element: guarded(screen(trustRoutes, 'HowRatingsWorkRoute')) },
  { path: '/how-offers-are-ordered', element: guarded(screen(trustRoutes, 'HowOffersAreOrderedRoute')) },
  {
    path: '/',
    element: guarded(<ProtectedLayout />),
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'profile', element: screen(() => import('./routes/profile-route.tsx'), 'ProfileRoute') },
      { path: 'ven-reg', element: screen(vendorScreens, 'VendorRegistrationRoute') },
      { path: 'insights', element: screen(insightRoutes, 'InsightsRoute') },
      { path: 'add-offer', element: screen(vendorScreens, 'AddOfferRoute') },
      { path: 'edit-offer/:id', element: screen(vendorScreens, 'EditOfferRoute') },
      { path: 'real-time-local-offers', element: screen(() => import('./routes/nearby-route.tsx'), 'NearbyOffersRoute') },
      { path: 'shop-entry-confirmation', element: screen(() => import('./routes/shop-entry-route.tsx'), 'ShopEntryRoute') },
      { path: 'business-insights', element: screen(insightRoutes, 'BusinessInsightsRoute') },
      { path: 'searchoffers', element: screen(() => import('../features/search/components/search-offers.tsx'), 'SearchOffers') },
      { path: 'offerslist', element: screen(vendorScreens, 'OffersListRoute') },
      { path: 'viewoffer', element: screen(vendorScreens, 'ViewOfferRoute') },
      { path: 'viewoffer/:id', element: screen(vendorScreens, 'ViewOfferRoute') },
      { path: 'shops/:vendorId', element: screen(() => import('./routes/shop-route.tsx'), 'ShopRoute') },
      { path: 'receipt-upload', element: screen(() => import('../features/receipts/components/receipt-upload.tsx'), 'ReceiptUpload') },
      { path: 'cat-offer', element: screen(() => import('../features/nearby/components/category-offers.tsx'), 'CategoryOffers') },
      { path: 'saved', element: screen(() => import('../features/nearby/components/saved-offers.tsx'), 'SavedOffers') },
      { path: 'codes', element: screen(codesRoutes, 'CodesRoute') },
      { path: 'codes/:claimId', element: screen(codesRoutes, 'CodeRoute') },
      { path: 'receipts-review', element: screen(() => import('./routes/receipt-review-route.tsx'), 'ReceiptReviewRoute') },
      { path: 'redeem', element: screen(() => import('./routes/redeem-route.tsx'), 'RedeemRoute') },
      { path: 'shop-profile', element: screen(() => import('./routes/shop-profile-route.tsx'), 'ShopProfileRoute') },
      { path: 'staff', element: screen(() => import('./routes/staff-route.tsx'), 'StaffRoute') },
      { path: 'stamp-cards', element: screen(stampCardRoutes, 'StampCardsRoute') },
      { path: 'stamp-card', element: screen(stampCardRoutes, 'StampCardSettingsRoute') },
      { path: 'write-review', element: screen(trustRoutes, 'WriteReviewRoute') },
      { path: 'admin', element: screen(() => import('./routes/admin-route.tsx'), 'AdminRoute') },
      { path: 'ven-reg/resubmit', element: screen(() => import('./routes/resubmission-route.tsx'), 'ResubmissionRoute') },
      { path: '*', element: screen(() => import('./routes/not-found.tsx'), 'NotFoundRoute') },
    ],
  },
];

/** The app's routes, drawn for the address the BrowserRouter around them holds. */
export function AppRoutes() {
  return useRoutes(routes);
}
