/**
 * The English strings of the notifications panel (what the bell opens): a shopper's first load does without them; they
 * come with the panel's code (apps/web/src/lib/notification-strings.ts). The bell's own label stays in en-core.ts and
 * is repeated here, so adding this namespace keeps it.
 */
import { enCore } from './en-core.ts';

export const enNotifications = {
  bell: {
    ...enCore.bell,
    title: 'Notifications',
    close: 'Close notifications',
    markAllRead: 'Mark all as read',
    empty: 'You have no notifications yet.',
    loadFailed: 'Notifications could not be loaded.',
    unread: 'Unread',
    receiptVerified: 'Your receipt for {{business}} was verified',
    receiptRejected: 'Your receipt for {{business}} was rejected: {{reason}}',
    shopNote: 'Note from the shop: {{note}}',
    newOffer: '{{business}} published a new offer: {{title}}',
    claimRedeemed: '{{business}} redeemed your code for {{title}}',
    offerSoldOut: '{{title}} is sold out: every unit has been redeemed',
    businessApproved: 'Qrib approved {{business}}: shoppers can see its offers',
    businessRefused: 'Qrib could not approve {{business}}',
    businessSuspended: 'Qrib suspended {{business}}: its offers are hidden from shoppers',
    qribReason: 'Qrib’s reason: {{reason}}',
    reviewReceived: 'New review: {{stars}} of 5 stars',
    reviewReceivedOffer: 'New review of {{title}}: {{stars}} of 5 stars',
    reviewReplied: '{{business}} replied to your review',
    reportKept: 'Qrib checked your report on {{title}} and kept it',
    reportRemoved: 'Qrib removed {{title}} after your report',
    reportKeptREVIEW: 'Qrib checked your report on a review of {{title}} and kept the review',
    reportRemovedREVIEW: 'Qrib removed the review of {{title}} you reported',
    removedOFFER: 'Qrib removed your offer {{title}}',
    removedVENDOR: 'Qrib removed your shop {{title}}',
    removedREVIEW: 'Qrib removed your review of {{title}}',
    suspiciousCleared: 'Qrib checked a burst of activity at {{business}}: it counts again',
    suspiciousExcluded: 'Qrib checked a burst of activity at {{business}}: its reviews and purchases were left out of your rating and figures',
    statementOfReasons: 'Statement of reasons: {{reason}}',
    receiptCheckAsked: 'A shopper asked you to check a receipt the automatic check did not confirm',
    stampReward: '{{business}}: your stamp card is complete. Your reward: {{reward}}',
    disputeKeptREVIEWER: 'Qrib settled the dispute over your receipt for {{business}}: your review counts again',
    disputeRemovedREVIEWER: 'Qrib settled the dispute over your receipt for {{business}}: your review was removed',
    disputeKeptOWNER: 'Qrib settled a disputed receipt: its review ({{stars}} of 5 stars) counts again',
    disputeRemovedOWNER: 'Qrib settled a disputed receipt: its review ({{stars}} of 5 stars) was removed',
  },
};
