/** The routes of spec §2.1 on the react-router data router. */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CategoryOffers } from '../features/nearby/components/category-offers.tsx';
import { ReceiptUpload } from '../features/receipts/components/receipt-upload.tsx';
import { SavedOffers } from '../features/nearby/components/saved-offers.tsx';
import { SearchOffers } from '../features/search/components/search-offers.tsx';
import { LoginRoute, SignupRoute } from './routes/auth-routes.tsx';
import { HomeRoute, NearbyOffersRoute } from './routes/dashboard.tsx';
import { BusinessInsightsRoute, InsightsRoute } from './routes/insight-routes.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { ProfileRoute } from './routes/profile-route.tsx';
import { ProtectedLayout } from './routes/protected-layout.tsx';
import { ReceiptReviewRoute } from './routes/receipt-review-route.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';
import { ShopEntryRoute } from './routes/shop-entry-route.tsx';
import { ShopRoute } from './routes/shop-route.tsx';
import {
  AddOfferRoute,
  EditOfferRoute,
  OffersListRoute,
  VendorRegistrationRoute,
  ViewOfferRoute,
} from './routes/vendor-screens.tsx';

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginRoute />, errorElement: <RouteErrorPage /> },
  { path: '/signup', element: <SignupRoute />, errorElement: <RouteErrorPage /> },
  {
    path: '/',
    element: <ProtectedLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'profile', element: <ProfileRoute /> },
      { path: 'ven-reg', element: <VendorRegistrationRoute /> },
      { path: 'insights', element: <InsightsRoute /> },
      { path: 'add-offer', element: <AddOfferRoute /> },
      { path: 'edit-offer/:id', element: <EditOfferRoute /> },
      { path: 'real-time-local-offers', element: <NearbyOffersRoute /> },
      { path: 'shop-entry-confirmation', element: <ShopEntryRoute /> },
      { path: 'business-insights', element: <BusinessInsightsRoute /> },
      { path: 'searchoffers', element: <SearchOffers /> },
      { path: 'offerslist', element: <OffersListRoute /> },
      { path: 'viewoffer', element: <ViewOfferRoute /> },
      { path: 'viewoffer/:id', element: <ViewOfferRoute /> },
      { path: 'shops/:vendorId', element: <ShopRoute /> },
      { path: 'receipt-upload', element: <ReceiptUpload /> },
      { path: 'cat-offer', element: <CategoryOffers /> },
      { path: 'saved', element: <SavedOffers /> },
      { path: 'receipts-review', element: <ReceiptReviewRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
