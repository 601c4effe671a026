/**
 * Issue 27: the public pages the server renders for shared links (`/o/:offerId`, `/s/:vendorId`) and their card
 * image: apps/api/src/domains/share-pages reads `catalogs[language].share`. The web app never shows these strings,
 * so no screen loads this module.
 */
export const enShare = {
  share: {
    homeLink: 'Qrib: offers near you',
    getOffer: 'Get this offer',
    percentOff: '{{value}}% off',
    fixedOff: '€{{value}} off',
    buyGet: 'Buy {{buy}}, get {{get}} free',
    priceBefore: 'Price before',
    priceNow: 'Now',
    validUntil: 'Valid until {{date}}',
    happyHour: "Happy hour: {{schedule}}",
    terms: 'Terms & Conditions',
    photoAlt: '{{title}} at {{shop}}',
    logoAlt: '{{name}} logo',
    offerDescription: '{{discount}} at {{shop}}, {{town}}. Get it on Qrib.',
    shopDescription: '{{type}} in {{town}}. See its offers on Qrib.',
    ratingOne: '{{average}} out of 5, 1 review',
    ratingMany: '{{average}} out of 5, {{count}} reviews',
    noReviews: 'No reviews yet',
    offersHeading: 'Offers at this shop',
    noOffers: 'This shop has no offers right now.',
    viewOffer: 'View offer',
    notFoundTitle: 'This offer or shop is not available',
    notFoundText: 'It may have ended, sold out or been paused, or the link is not right.',
    notFoundLink: 'See offers near you on Qrib',
  },
};
