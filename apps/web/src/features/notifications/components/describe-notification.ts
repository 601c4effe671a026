/** What a notification says and where it leads, built from its payload in the reader's language. */
import type { TFunction } from 'i18next';
import type { Notification } from '@qrib/shared/notification-schemas';
import { paths } from '../../../config/paths.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import '../../../lib/notification-strings.ts';

export interface NotificationView {
  text: string;
  /** A second line: the shop's note on a confirmed receipt. */
  detail: string | null;
  href: string;
}

export function describeNotification(t: TFunction, notification: Notification): NotificationView {
  if (notification.kind === 'NEW_OFFER') {
    const { businessName, title, offerId } = notification.payload;
    return { text: t('bell.newOffer', { business: businessName, title }), detail: null, href: paths.viewOffer(offerId) };
  }
  if (notification.kind === 'CLAIM_REDEEMED') {
    const { businessName, title, claimId } = notification.payload;
    return { text: t('bell.claimRedeemed', { business: businessName, title }), detail: null, href: paths.code(claimId) };
  }
  if (notification.kind === 'OFFER_SOLD_OUT') {
    const { title, offerId } = notification.payload;
    return { text: t('bell.offerSoldOut', { title }), detail: null, href: paths.viewOffer(offerId) };
  }
  if (notification.kind === 'BUSINESS_STATUS') {
    const { businessName, status, reason } = notification.payload;
    const detail = reason ? t('bell.qribReason', { reason }) : null;
    if (status === 'REJECTED') return { text: t('bell.businessRefused', { business: businessName }), detail, href: paths.home };
    if (status === 'SUSPENDED') return { text: t('bell.businessSuspended', { business: businessName }), detail, href: paths.home };
    return { text: t('bell.businessApproved', { business: businessName }), detail, href: paths.home };
  }
  if (notification.kind === 'REVIEW_RECEIVED') {
    const { stars, offerTitle, vendorId } = notification.payload;
    const text = offerTitle ? t('bell.reviewReceivedOffer', { stars, title: offerTitle }) : t('bell.reviewReceived', { stars });
    return { text, detail: null, href: paths.shop(vendorId) };
  }
  if (notification.kind === 'REVIEW_REPLIED') {
    const { businessName, vendorId } = notification.payload;
    return { text: t('bell.reviewReplied', { business: businessName }), detail: null, href: paths.shop(vendorId) };
  }
  if (notification.kind === 'REPORT_DECIDED') {
    const { kind, itemId, title, outcome, reason } = notification.payload;
    const removed = outcome === 'REMOVED';
    // A review's title is its shop's name: the words say it was the review, not the shop, that was decided on.
    const about = kind === 'REVIEW' ? 'REVIEW' : '';
    return {
      text: removed ? t(`bell.reportRemoved${about}`, { title }) : t(`bell.reportKept${about}`, { title }),
      detail: reason ? t('bell.qribReason', { reason }) : null,
      // A removed item is gone from every shopper screen: nothing to lead to but the home.
      href: removed ? paths.home : kind === 'OFFER' ? paths.viewOffer(itemId) : kind === 'VENDOR' ? paths.shop(itemId) : paths.home,
    };
  }
  if (notification.kind === 'CONTENT_REMOVED') {
    const { kind, itemId, title, reason } = notification.payload;
    return {
      text: t(`bell.removed${kind}`, { title }),
      detail: reason ? t('bell.statementOfReasons', { reason }) : null,
      // The owner still sees their removed offer (marked 'Removed by Qrib'); a shop or a review leads home.
      href: kind === 'OFFER' ? paths.viewOffer(itemId) : paths.home,
    };
  }
  if (notification.kind === 'RECEIPT_CHECK_ASKED') {
    // The owner's queue lists it as waiting for their decision (NEEDS_REVIEW).
    return { text: t('bell.receiptCheckAsked'), detail: null, href: paths.receiptReview };
  }
  if (notification.kind === 'REVIEW_DISPUTE_SETTLED') {
    const { businessName, stars, outcome, reason, recipient, vendorId } = notification.payload;
    const key = `bell.dispute${outcome === 'KEPT' ? 'Kept' : 'Removed'}${recipient}` as const;
    return {
      text: t(key, { business: businessName, stars }),
      detail: reason ? t('bell.qribReason', { reason }) : null,
      href: outcome === 'KEPT' ? paths.shop(vendorId) : paths.home,
    };
  }
  if (notification.kind === 'SUSPICIOUS_ACTIVITY_DECIDED') {
    const { businessName, decision, reason } = notification.payload;
    return {
      text: t(decision === 'CLEAR' ? 'bell.suspiciousCleared' : 'bell.suspiciousExcluded', { business: businessName }),
      detail: t('bell.statementOfReasons', { reason }),
      // The owner's dashboard, where the rating and the figures are.
      href: paths.home,
    };
  }
  if (notification.kind === 'STAMP_REWARD') {
    const { businessName, rewardText } = notification.payload;
    // The reward is a code for the till, on the shopper's stamp cards.
    return { text: t('bell.stampReward', { business: businessName, reward: rewardText }), detail: null, href: paths.stampCards };
  }
  const { businessName, status, reason } = notification.payload;
  if (status === 'REJECTED') {
    return {
      text: t('bell.receiptRejected', { business: businessName, reason: translateMessage(t, reason ?? '') }),
      detail: null,
      href: paths.receiptUpload,
    };
  }
  return {
    text: t('bell.receiptVerified', { business: businessName }),
    detail: reason ? t('bell.shopNote', { note: reason }) : null,
    href: paths.receiptUpload,
  };
}
