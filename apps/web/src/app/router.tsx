/** The routes of spec §2.1 on the react-router data router. */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { screen } from './lazy-screen.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { ProtectedLayout } from './routes/protected-layout.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';

const authRoutes = () => import('./routes/auth-routes.tsx');
const insightRoutes = () => import('./routes/insight-routes.tsx');
const vendorScreens = () => import('./routes/vendor-screens.tsx');
const codesRoutes = () => import('./routes/codes-route.tsx');
const trustRoutes = () => import('./routes/trust-routes.tsx');
const accountAccessRoutes = () => import('./routes/account-access-routes.tsx');
const oidcRoutes = () => import('./routes/oidc-routes.tsx');

export const routes: RouteObject[] = [
  { path: '/login', element: screen(authRoutes, 'LoginRoute'), errorElement: <RouteErrorPage /> },
  { path: '/signup', element: screen(authRoutes, 'SignupRoute'), errorElement: <RouteErrorPage /> },
  // Account access (issue 15, DESIGN.md §5): 'Forgot password?' and the mails' links, open signed out and signed in.
  { path: '/forgot-password', element: screen(accountAccessRoutes, 'ForgotPasswordRoute'), errorElement: <RouteErrorPage /> },
  { path: '/reset-password', element: screen(accountAccessRoutes, 'ResetPasswordRoute'), errorElement: <RouteErrorPage /> },
  { path: '/verify-email', element: screen(accountAccessRoutes, 'VerifyEmailRoute'), errorElement: <RouteErrorPage /> },
  { path: '/unsubscribe', element: screen(accountAccessRoutes, 'UnsubscribeRoute'), errorElement: <RouteErrorPage /> },
  { path: '/staff-invitation', element: screen(accountAccessRoutes, 'StaffInvitationRoute'), errorElement: <RouteErrorPage /> },
  // Issue 27: after a provider sign-in: complete a new account, or link the account that has the address.
  { path: '/oidc/complete', element: screen(oidcRoutes, 'OidcCompleteRoute'), errorElement: <RouteErrorPage /> },
  { path: '/oidc/link', element: screen(oidcRoutes, 'OidcLinkRoute'), errorElement: <RouteErrorPage /> },
  // Public pages (issue 14, DESIGN.md §5): what a rating means and what orders offers, readable signed out.
  { path: '/how-ratings-work', element: screen(trustRoutes, 'HowRatingsWorkRoute'), errorElement: <RouteErrorPage /> },
  { path: '/how-offers-are-ordered', element: screen(trustRoutes, 'HowOffersAreOrderedRoute'), errorElement: <RouteErrorPage /> },
  {
    path: '/',
    element: <ProtectedLayout />,
    errorElement: <RouteErrorPage />,
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
      { path: 'write-review', element: screen(trustRoutes, 'WriteReviewRoute') },
      { path: 'admin', element: screen(() => import('./routes/admin-route.tsx'), 'AdminRoute') },
      { path: 'ven-reg/resubmit', element: screen(() => import('./routes/resubmission-route.tsx'), 'ResubmissionRoute') },
      { path: '*', element: screen(() => import('./routes/not-found.tsx'), 'NotFoundRoute') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
