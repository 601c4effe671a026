/**
 * Every user-visible message the API and the forms share, in English. The spec's exact strings live here
 * once; the web translates them through the `messages` namespace of the i18n catalogs (same keys).
 * Placeholders use i18next's `{{name}}` form; fill them with `formatMessage`.
 */
export const MESSAGES = {
  // Spec §5: login
  usernameRequired: 'Username is required',
  loginPasswordRule: 'Password must be at least 8 characters and contain a number',
  // Spec §5: sign-up, in the spec's order
  invalidName: 'Please enter a valid name',
  invalidEmail: 'Invalid email',
  invalidPhone: 'Invalid phone number',
  signupPasswordRule: 'Password must be at least 8 characters and contain at least one number',
  passwordsDoNotMatch: 'Passwords do not match',
  // Sign-up rules the spec is silent on
  usernameFormat: 'Username must be 3 to 30 characters: letters, numbers, dots, underscores or hyphens',
  passwordTooLong: 'Password must be at most 128 characters',
  // Spec §8
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  oauthNotImplemented: 'OAuth login is not implemented yet',
  // Accounts (server)
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'This username is already taken. Please choose another one.',
  emailTaken: 'An account with this email address already exists. Please log in instead.',
  tooManyLoginAttempts: 'Too many login attempts. Please try again in {{minutes}} min.',
  tooManySignups: 'Too many sign-ups from this network. Please try again in {{minutes}} min.',
  notSignedIn: 'Please log in to continue.',
  sessionNotStored:
    'You are logged in, but your browser did not keep the session cookie. Open Qrib over https or on http://localhost.',
  invalidSession: 'Your session is invalid or has expired. Please log in again.',
  crossSiteRequest: 'This request came from another site and was refused. Open Qrib directly and try again.',
  // Spec §5 and §8: vendor registration
  requiredField: '{{label}} is required',
  vendorEmailInvalid: 'Email address is invalid',
  filesTooLarge: 'One or more files exceed 5MB limit',
  filesWrongType: 'Only JPG, JPEG, and PNG files are allowed',
  coordinatesMissing: 'Please use "Use My Location" to set coordinates or enter them manually',
  registrationSuccess: 'Registration submitted successfully!',
  registrationNetworkError: 'Submission failed due to a network error. Please check your connection and server.',
  registrationFailed: 'Submission failed: {{message}}',
  serverError: 'Server error',
  registrationNoResponse: 'Network error. Please check your connection.',
  registrationUnexpected: 'An unexpected error occurred. Please try again.',
  geoUnsupported: 'Geolocation is not supported by your browser',
  geoDenied: 'Location access denied. Please enable location permissions.',
  geoUnavailable: 'Location information is unavailable.',
  geoTimeout: 'The request to get user location timed out.',
  geoUnknown: 'An unknown error occurred while retrieving location.',
  // Vendor registration rules the spec is silent on
  offeringsTooLong: 'Offerings description must be at most 500 characters',
  textTooLong: '{{label}} must be at most {{max}} characters',
  controlCharacters: '{{label}} must be on one line, without tabs or other control characters',
  controlCharactersMultiline: '{{label}} cannot contain control characters other than line breaks',
  coordinatesInvalid: 'The coordinates are not valid: latitude must be -90 to 90 and longitude -180 to 180',
  documentsTooMany: 'You can upload at most {{max}} documents',
  businessAlreadyRegistered: 'This account already has a registered business',
  registerBusinessFirst: 'Register your business first',
  // Spec §5 and §8: add offer
  offerTitleRequired: 'Offer title is required',
  offerDescriptionRequired: 'Offer description is required',
  categoryRequired: 'Please select a category',
  discountValueRequired: 'Discount value is required',
  discountValueInvalid: 'Please enter a valid discount value',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endBeforeStart: 'End date must be after start date',
  offerCreated: 'Offer created successfully!',
  offerCreateFailed: 'Something went wrong while creating the offer.',
  // Offer rules the spec is silent on
  categoryUnknown: 'The selected category does not exist',
  percentageTooHigh: 'A percentage discount cannot be more than 100',
  maxRedemptionsInvalid: 'Maximum redemptions must be a whole number of at least 1',
  dateInvalid: 'Enter a real date (YYYY-MM-DD)',
  imagesTooMany: 'You can add at most 6 images',
  imageTooLarge: 'Each image must be at most 10 MB',
  imageTooManyPixels: 'An image is too large: at most 40 megapixels',
  offerNotYours: 'You can only change offers of your own business',
  vendorNotYours: 'You can only create offers for your own business',
  offerUpdated: 'Offer updated successfully!',
  offerUpdateFailed: 'Something went wrong while saving the offer.',
  offerStartsActive: 'A new offer starts as ACTIVE',
  // Spec §2.4: offers list and offer detail states
  loadingEllipsis: 'Loading…',
  errorWithMessage: 'Error: {{message}}',
  noOffersFound: 'No offers found.',
  offerNotFound: 'Offer not found.',
  documentNotFound: 'Document not found.',
  // Spec §2.4, §4 and §8: the customer's nearby offers home
  noOffersInArea: 'No offers available in your area',
  loadingCategories: 'Loading categories...',
  detectingLocation: 'Detecting location...',
  customerGeoUnsupported: 'Geolocation is not supported by your browser.',
  customerGeoFailed: 'Unable to retrieve your location.',
  customerGeoDenied: 'Location access was denied.',
  locationErrorTitle: 'Location Error',
  enableLocationBanner: 'Please enable location services and try again.',
  offersLoadFailed: 'Failed to load offers. Please try again.',
  offerExpired: 'Offer Expired',
  hoursLeft: '{{count}} hours Left',
  daysLeft: '{{count}} days Left',
  kmAway: '{{distance}} km Away',
  // Spec §2.4 and §8: the category screen
  noCategories: 'No categories available.',
  noOffersForCategory: 'No offers available for this category.',
  pleaseTryAgain: 'Please try again.',
  categoriesLoadFailed: 'Failed to load categories. Please try again.',
  distanceAway: 'Distance: {{distance}} km Away',
  // Nearby offers
  eventsInvalid: 'Send between 1 and 100 events at a time.',
  eventKindInvalid: 'The event kind must be IMPRESSION, VIEW, SAVE or DIRECTIONS.',
  searchTooLong: 'Search for at most 100 characters.',
  sortInvalid: 'Sort by best match, nearest or newest.',
  locationNeeded: 'Share your location to sort or filter by distance.',
  radiusInvalid: 'The radius must be more than 0 and at most 50 km',
  cursorInvalid: 'The page cursor is not valid. Start again from the first page.',
  // Spec §5 and §8: receipt upload
  receiptNoFiles: 'Please upload at least one image.',
  receiptTooManyFiles: 'You can upload a maximum of 10 images.',
  receiptUploaded: 'Upload successful!',
  receiptUploadStatus: 'Upload failed with status: {{status}}',
  receiptUploadFailed: 'Upload failed: {{message}}',
  receiptUploadNoResponse: 'Upload failed: No response from server.',
  // Receipt rules the spec is silent on
  receiptShopRequired: 'Choose the shop this receipt is for.',
  receiptShopNotFound: 'The shop for this receipt does not exist.',
  receiptOwnShop: 'You cannot upload a receipt for your own shop.',
  receiptOfferNotAtShop: 'This offer is not one of the chosen shop’s offers.',
  visitNotFound: 'Visit not found.',
  receiptFileWrongType: 'Receipts must be photos (JPG, PNG or WebP) or PDF files.',
  receiptFileTooLarge: 'Each receipt file must be at most 10 MB.',
  receiptDuplicateFile: 'This receipt file has already been uploaded. Each receipt can be sent only once.',
  receiptNotFound: 'Receipt not found.',
  receiptNotYours: 'Only the shopper who uploaded a receipt and the shop’s owner can open its files.',
  // Receipt verification: the automatic verdict's reasons
  receiptAlreadySubmitted: 'This receipt was already submitted.',
  receiptAnotherShop: 'This receipt is from another shop.',
  receiptTooOld: 'This receipt is more than {{days}} days old.',
  receiptOutsideOfferDates: 'This receipt is dated outside the offer’s dates.',
  receiptPriceAboveOffer: 'The price paid is above the offer’s price.',
  receiptUnreadable: 'The receipt could not be read automatically. The shop will check it.',
  receiptShopNameUnsure: 'The shop name on the receipt could not be confirmed. The shop will check it.',
  receiptDateUnreadable: 'The date on the receipt could not be read. The shop will check it.',
  receiptDateAfterUpload: 'The date on the receipt is later than the upload. The shop will check it.',
  receiptTotalsUnreadable: 'The totals on the receipt could not be read. The shop will check it.',
  // Shop entry recognition and the shopper's preferences
  shopEntryOff: 'Shop entry detection is off. Turn it on first to be recognised at shops.',
  visitNotYours: 'You can only answer for your own visits.',
  visitAlreadyAnswered: 'You have already answered for this visit.',
  visitAnswerInvalid: 'The answer must be PURCHASED or NOT_PURCHASED.',
  shopEntryDetectionInvalid: 'Shop entry detection must be true or false.',
  preferencesInvalid: 'Preferences must be an object.',
  // Profile (PATCH /me)
  emailNotificationsInvalid: 'Email notifications must be true or false.',
  darkModeInvalid: 'Dark mode must be true or false.',
  // Vendor receipt review and notifications
  receiptDecisionInvalid: 'The decision must be VERIFIED or REJECTED.',
  receiptRejectReasonRequired: 'Give a reason for rejecting this receipt.',
  receiptDecisionReasonTooLong: 'The reason must be at most {{max}} characters.',
  receiptNotYourShop: 'Only the owner of the receipt’s shop can decide on it.',
  receiptAlreadyDecided: 'This receipt has already been decided.',
  receiptStatusFilterInvalid: 'The status must be PENDING, VERIFIED, REJECTED or NEEDS_REVIEW.',
  notificationIdsInvalid: 'Send between 1 and 100 notification ids.',
  // Vendor insights (GET /vendors/me/insights) and their actionable insight cards
  insightsPeriodInvalid: 'The period must be weekly or monthly.',
  insightsDateInvalid: 'Dates must be real calendar dates written YYYY-MM-DD.',
  insightsRangeIncomplete: 'Give both the from and the to date, or neither.',
  insightsRangeReversed: 'The from date must not be after the to date.',
  insightsRangeTooLong: 'A report can cover at most {{max}} days.',
  insightOptimizeVisibilityTitle: 'Optimize Offer Visibility',
  insightOptimizeVisibilityBody: 'Your offers were shown {{impressions}} times but opened only {{views}} times. Clearer titles and better photos win more taps.',
  insightHighConversionTitle: 'High Conversion Rate',
  insightHighConversionBody: 'Offer views that led to a verified purchase: {{rate}}%. Keep these offers running.',
  insightEngageNearbyTitle: 'Engage Nearby Users',
  insightEngageNearbyBody: 'Shoppers nearby who saw your offers but opened none: {{count}}. A new promotion may win them over.',
  insightCreatePromotionTitle: 'Create Promotion',
  insightCreatePromotionBody: 'You have no active offers, so shoppers nearby see nothing from you. Publish one to appear in their feed.',
  insightReviewReceiptsTitle: 'Review Receipts',
  insightReviewReceiptsBody: 'Receipts waiting for your decision: {{count}}. Every verified purchase raises your trust rating.',
  insightEncourageReceiptsTitle: 'Encourage Receipt Uploads',
  insightEncourageReceiptsBody: 'Your offers were opened {{views}} times but only {{conversions}} verified purchases followed. Ask customers to upload their receipts.',
  insightUnseenOffersTitle: 'Offers Nobody Saw',
  insightUnseenOffersBody: 'Active offers not shown to anyone in this period: {{count}}. Check their dates and categories.',
  insightFirstShoppersTitle: 'Reach Your First Shoppers',
  insightFirstShoppersBody: 'No shopper has seen your offers in this period yet. Featured offers are shown first.',
  insightActionViewDetails: 'View Details',
  insightActionAnalyzeOffers: 'Analyze Offers',
  insightActionLaunchCampaign: 'Launch Campaign',
  insightActionCreatePromotion: 'Create Promotion',
  insightActionReviewReceipts: 'Review Receipts',
  // Generic API errors
  invalidJson: 'The request body is not valid JSON.',
  multipartInvalid: 'The form data could not be read. Send the form again.',
  nulCharacter: 'Text cannot contain NUL characters.',
  jsonTooDeep: 'The request body is nested too deeply: at most {{max}} levels of arrays and objects are allowed.',
  tooManyRequests: 'Too many requests. Please try again in {{minutes}} min.',
  tooManyStreams: 'Too many live offer feeds are open for your account or network. Close another Qrib tab and try again.',
  invalidUrl: 'The address is not valid. Check it for stray % signs or unfinished characters.',
  unsupportedMediaType: 'Unsupported content type {{contentType}}.',
  bodyTooLarge: 'The request body is too large.',
  routeNotFound: 'No API route matches {{method}} {{url}}.',
  internalError: 'Something went wrong on our side. Please try again.',
  invalidInput: 'The request is invalid: {{detail}}',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Fills `{{name}}` placeholders. Unknown placeholders are left as they are. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const matchers = (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, template]) => {
  const names: string[] = [];
  const pattern = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const placeholder = /^\{\{(\w+)\}\}$/.exec(part);
      if (placeholder?.[1]) {
        names.push(placeholder[1]);
        return '(.+?)';
      }
      return escapeRegExp(part);
    })
    .join('');
  return { key, names, regex: new RegExp(`^${pattern}$`) };
});

/**
 * Finds which shared message an English text is (with its placeholder values), so a client can show a
 * server message in the reader's language. Returns undefined for a text that is not one of ours.
 */
export function matchMessage(text: string): { key: MessageKey; params: Record<string, string> } | undefined {
  for (const { key, names, regex } of matchers) {
    const found = regex.exec(text);
    if (found) {
      const params: Record<string, string> = {};
      names.forEach((name, index) => {
        params[name] = found[index + 1] ?? '';
      });
      return { key, params };
    }
  }
  return undefined;
}
