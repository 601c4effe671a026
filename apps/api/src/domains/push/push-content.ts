/**
 * What a push says (issue 29 §1), in the person's language as it is when it is sent: a push that follows a notification
 * says what the bell says (`bell.*`, the same words in every catalog); the others have their own (`push.*`). The
 * title is the shop's name when there is one; `url` is the web app's page a tap opens (the bell's links); `tag` makes a
 * newer push about the same thing replace the older one on the device, and is the RFC 8030 Topic too.
 */
import { catalogs, formatMessage, isLanguageCode, maltaDateOf, type Catalog, type PushOutboxKind } from '@qrib/shared';
import type { PushContent } from './send-push.ts';

type Payload = Record<string, string | number | boolean | null>;

/** The web app's pages a push opens (apps/web/src/config/paths.ts). */
export const PUSH_PATHS = {
  home: '/',
  offer: (offerId: number) => `/viewoffer/${offerId}`,
  code: (claimId: number) => `/codes/${claimId}`,
  shop: (vendorId: number) => `/shops/${vendorId}`,
  receipts: '/receipt-upload',
  profile: '/profile',
} as const;

function text(payload: Payload, key: string): string {
  const value = payload[key];
  return value === null || value === undefined ? '' : String(value);
}

function id(payload: Payload, key: string): number {
  return Number(payload[key]);
}

/** The push for one queued row; `summary` instead when quiet hours held `count` of them for the morning. */
export function pushContent(kind: PushOutboxKind | 'SUMMARY', payload: Payload, language: string | undefined): PushContent {
  const lang = language && isLanguageCode(language) ? language : 'en';
  const catalog: Catalog = catalogs[lang];
  const say = (template: string, params: Record<string, string | number> = {}) => formatMessage(template, params);
  const business = text(payload, 'businessName');
  const title = business === '' ? catalog.push.title : business;
  const base = { lang, title };
  switch (kind) {
    case 'NEW_OFFER':
      return { ...base, body: say(catalog.bell.newOffer, { business, title: text(payload, 'title') }), url: PUSH_PATHS.offer(id(payload, 'offerId')), tag: `offer-${id(payload, 'offerId')}` };
    case 'NEARBY': {
      // A place taken from the device's position is labelled with the moment it was taken (the web app): named so.
      const label = text(payload, 'place');
      const place = /^\d{4}-\d{2}-\d{2}T/.test(label) ? say(catalog.pushSettings.nearbyHere, { date: maltaDateOf(new Date(label)) }) : label;
      return {
        ...base,
        body: say(catalog.push.nearby, { place, title: text(payload, 'title'), business }),
        url: PUSH_PATHS.offer(id(payload, 'offerId')),
        tag: `offer-${id(payload, 'offerId')}`,
      };
    }
    case 'ENDING_TOMORROW':
      return {
        ...base,
        body: say(catalog.push.endingTomorrow, { title: text(payload, 'title'), business }),
        url: PUSH_PATHS.offer(id(payload, 'offerId')),
        tag: `offer-${id(payload, 'offerId')}`,
      };
    case 'CODE_ENDING_TOMORROW':
      return {
        ...base,
        body: say(catalog.push.codeEndingTomorrow, { title: text(payload, 'title'), business }),
        url: PUSH_PATHS.code(id(payload, 'claimId')),
        tag: `code-${id(payload, 'claimId')}`,
      };
    case 'CLAIM_REDEEMED':
      return {
        ...base,
        body: say(catalog.bell.claimRedeemed, { business, title: text(payload, 'title') }),
        url: PUSH_PATHS.code(id(payload, 'claimId')),
        tag: `code-${id(payload, 'claimId')}`,
      };
    case 'OFFER_SOLD_OUT':
      return {
        ...base,
        title: catalog.push.title,
        body: say(catalog.bell.offerSoldOut, { title: text(payload, 'title') }),
        url: PUSH_PATHS.offer(id(payload, 'offerId')),
        tag: `offer-${id(payload, 'offerId')}`,
      };
    case 'REVIEW_RECEIVED': {
      const offerTitle = text(payload, 'offerTitle');
      const stars = id(payload, 'stars');
      return {
        ...base,
        title: catalog.push.title,
        body: offerTitle === '' ? say(catalog.bell.reviewReceived, { stars }) : say(catalog.bell.reviewReceivedOffer, { stars, title: offerTitle }),
        url: PUSH_PATHS.shop(id(payload, 'vendorId')),
        tag: `review-${id(payload, 'vendorId')}`,
      };
    }
    case 'RECEIPT_DECIDED': {
      const reason = text(payload, 'reason');
      const rejected = payload.status === 'REJECTED';
      // A rejection's reason is a message code of the receipt check (its words in this language), or the shop's words.
      const reasonText = (catalog.messages as Record<string, string | undefined>)[reason] ?? reason;
      return {
        ...base,
        body: rejected ? say(catalog.bell.receiptRejected, { business, reason: say(reasonText) }) : say(catalog.bell.receiptVerified, { business }),
        url: PUSH_PATHS.receipts,
        tag: `receipt-${id(payload, 'receiptId')}`,
      };
    }
    case 'SUMMARY':
      return { ...base, title: catalog.push.title, body: say(catalog.push.summary, { count: id(payload, 'count') }), url: PUSH_PATHS.home, tag: 'summary' };
    case 'TEST':
      return { ...base, title: catalog.push.title, body: catalog.push.test, url: PUSH_PATHS.profile, tag: 'test' };
  }
}
