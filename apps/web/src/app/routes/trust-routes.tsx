/** Issue 14's screens: the two public pages (open signed out) and the review form for a purchase. */
export { HowOffersAreOrdered as HowOffersAreOrderedRoute, HowRatingsWork as HowRatingsWorkRoute } from '../../features/trust/components/trust-pages.tsx';
export { WriteReview as WriteReviewRoute } from '../../features/trust/components/write-review.tsx';
