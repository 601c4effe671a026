/** The one query-key scheme: every cached request's key is built here, so invalidation by prefix is exact. */
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    me: () => [...queryKeys.auth.all, 'me'] as const,
  },
  categories: () => ['categories'] as const,
  place: (latitude: number, longitude: number) => ['place', latitude, longitude] as const,
  search: (query: string) => ['search', query] as const,
  favorites: () => ['favorites'] as const,
  shop: (vendorId: number) => ['shops', vendorId] as const,
  /** A shop's reviews and rating (issue 14), paged by cursor. */
  reviews: (vendorId: number) => ['reviews', vendorId] as const,
  insights: (period: string) => ['insights', period] as const,
  /** Every period's insights (the dashboard's and the insights screens'): a redemption changes their figures. */
  insightsAll: ['insights'] as const,
  /** Each offer's figures from–to (issue 28 §5); `recent` for the last 7 Malta days (My offers' week). */
  offerFigures: (range: { from: string; to: string } | 'recent') =>
    [...queryKeys.insightsAll, 'offers', ...(range === 'recent' ? ['recent'] : [range.from, range.to])] as const,
  /** The shop's redemptions at the till of one Malta day (issue 13). */
  redemptionsAll: ['redemptions'] as const,
  redemptions: (date: string) => [...queryKeys.redemptionsAll, date] as const,
  receipts: {
    all: ['receipts'] as const,
    mine: () => [...queryKeys.receipts.all, 'mine'] as const,
    shops: () => [...queryKeys.receipts.all, 'shops'] as const,
    /** The shop owner's queue; `status` 'ALL' for every receipt. */
    reviewAll: () => [...queryKeys.receipts.all, 'review'] as const,
    review: (status: string) => [...queryKeys.receipts.reviewAll(), status] as const,
  },
  /** Issue 29 §2: the shopper's stamp cards, a shop's card as shoppers see it, and the owner's card settings. */
  stampCardsAll: ['stamp-cards'] as const,
  myStampCards: () => [...queryKeys.stampCardsAll, 'mine'] as const,
  shopStampCard: (vendorId: number) => [...queryKeys.stampCardsAll, 'shop', vendorId] as const,
  stampCardSettings: () => [...queryKeys.stampCardsAll, 'settings'] as const,
  /** The business's people and open invitations (issue 28 §4). */
  staff: () => ['staff'] as const,
  notifications: () => ['notifications'] as const,
  /** Web push (issue 29 §1): the account's push settings (with its devices' count), and whether this device has push on. */
  push: {
    all: ['push'] as const,
    settings: () => [...queryKeys.push.all, 'settings'] as const,
    thisDevice: () => [...queryKeys.push.all, 'this-device'] as const,
  },
  /** The platform's console (issue 14): every admin action invalidates the whole prefix. */
  admin: {
    all: ['admin'] as const,
    overview: () => [...queryKeys.admin.all, 'overview'] as const,
    vendors: (status: string) => [...queryKeys.admin.all, 'vendors', status] as const,
    reports: () => [...queryKeys.admin.all, 'reports'] as const,
    disputes: () => [...queryKeys.admin.all, 'disputes'] as const,
    actions: () => [...queryKeys.admin.all, 'actions'] as const,
    /** The suspicious-activity queue (issue 24), one status at a time. */
    suspicious: (status: string) => [...queryKeys.admin.all, 'suspicious', status] as const,
    /** A shop's page history (issue 28). */
    vendorChanges: (vendorId: number) => [...queryKeys.admin.all, 'vendor-changes', vendorId] as const,
  },
  /** The owner's own business as GET /vendors/me answers it (its state and the admin's reason, issue 14). */
  myBusiness: () => ['my-business'] as const,
  /** The account's data export (issue 15): the current one, asked about while it is prepared. */
  dataExport: () => ['data-export'] as const,
  /** The signed-in shopper's codes (issue 13). */
  claims: () => ['claims'] as const,
  nearbyAll: ['nearby'] as const,
  /** `openNow`: only shops open now; `activeNow`: only offers that hold now (issue 28's chips). */
  nearby: (latitude: number, longitude: number, radiusKm: number, openNow = false, activeNow = false) =>
    [...queryKeys.nearbyAll, latitude, longitude, radiusKm, openNow, activeNow] as const,
  nearbyInCategory: (categoryId: number, latitude: number, longitude: number) =>
    [...queryKeys.nearbyAll, 'category', categoryId, latitude, longitude] as const,
  /** A few offers near the shopper (of one category, or any), shown where an offer cannot be (issue 27). */
  nearbySample: (categoryId: number | null, latitude: number, longitude: number) =>
    [...queryKeys.nearbyAll, 'sample', categoryId, latitude, longitude] as const,
  offers: {
    all: ['offers'] as const,
    mine: () => [...queryKeys.offers.all, 'mine'] as const,
    detail: (offerId: number) => [...queryKeys.offers.all, 'detail', offerId] as const,
  },
};
