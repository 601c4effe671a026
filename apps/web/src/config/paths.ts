/** Every route path of the app in one place (spec §2.1). */
export const paths = {
  login: '/login',
  signup: '/signup',
  /** 'Forgot password?' beside login (issue 15); the mails' screens are MAIL_LINK_PATHS (@qrib/shared/account-constants). */
  forgotPassword: '/forgot-password',
  home: '/',
  profile: '/profile',
  insights: '/insights',
  addOffer: '/add-offer',
  vendorRegistration: '/ven-reg',
  nearbyOffers: '/real-time-local-offers',
  shopEntry: '/shop-entry-confirmation',
  receiptUpload: '/receipt-upload',
  searchOffers: '/searchoffers',
  localOffers: '/cat-offer',
  businessInsights: '/business-insights',
  offersList: '/offerslist',
  saved: '/saved',
  receiptReview: '/receipts-review',
  viewOffer: (id: number | string) => `/viewoffer/${id}`,
  /** A shop's page: its face, address, phone, directions and current offers (DESIGN.md §5). */
  shop: (vendorId: number | string) => `/shops/${vendorId}`,
  /** The public pages the server renders for shared links (issue 27): what the Share buttons share. */
  sharedOffer: (offerId: number | string) => `/o/${offerId}`,
  sharedShop: (vendorId: number | string) => `/s/${vendorId}`,
  /** The receipt screen with its shop (and offer) chosen. */
  receiptUploadFor: (vendorId: number, offerId?: number, claimId?: number) =>
    `/receipt-upload?vendorId=${vendorId}${offerId === undefined ? '' : `&offerId=${offerId}`}${claimId === undefined ? '' : `&claimId=${claimId}`}`,
  editOffer: (id: number | string) => `/edit-offer/${id}`,
  /** The shopper's codes (issue 13), and one code as shown at the till. */
  codes: '/codes',
  code: (claimId: number | string) => `/codes/${claimId}`,
  /** Issue 29 §2: the shopper's stamp cards and rewards; the owner's stamp card settings. */
  stampCards: '/stamp-cards',
  stampCardSettings: '/stamp-card',
  /** The owner's till screen: scan or type a shopper's code (issue 13). */
  redeem: '/redeem',
  /** The owner edits their shop's page: logo, cover photo, details and position (issue 28). */
  shopProfile: '/shop-profile',
  /** The owner's staff (issue 28 §4): invite, roles, removal; and the page a mailed invitation opens. */
  staff: '/staff',
  staffInvitation: '/staff-invitation',
  /** Public pages (issue 14): how reviews and the rating work, and what orders offers. */
  howRatingsWork: '/how-ratings-work',
  howOffersAreOrdered: '/how-offers-are-ordered',
  /** The review form for one purchase: a redeemed code or a receipt (issue 14). */
  writeReview: (purchase: { claimId: number } | { receiptId: number }) =>
    'claimId' in purchase ? `/write-review?claimId=${purchase.claimId}` : `/write-review?receiptId=${purchase.receiptId}`,
  /** The platform's console (issue 14): businesses to check, reports, receipt disputes, figures and the action log. */
  admin: '/admin',
  /** A refused business corrected and sent to Qrib again (issue 14). */
  businessResubmission: '/ven-reg/resubmit',
} as const;
