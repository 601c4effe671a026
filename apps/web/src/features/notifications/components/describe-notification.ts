/** What a notification says and where it leads, built from its payload in the reader's language. */
import type { TFunction } from 'i18next';
import type { Notification } from '@qrib/shared/notification-schemas';
import { paths } from '../../../config/paths.ts';
import { translateMessage } from '../../../lib/i18n.ts';

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
