import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { initI18n } from '../../../lib/i18n.ts';
import { describeNotification } from './describe-notification.ts';

const base = { id: 1, readAt: null, createdAt: '2026-11-05T10:00:00.000Z' };

describe('describeNotification', () => {
  let i18n: ReturnType<typeof initI18n>;
  beforeAll(async () => {
    i18n = initI18n('en');
    await i18n.changeLanguage('en');
  });

  it('says a receipt was verified, with the shop’s note, and leads to My receipts', () => {
    const view = describeNotification(i18n.t, {
      ...base,
      kind: 'RECEIPT_DECIDED',
      payload: { receiptId: 4, status: 'VERIFIED', businessName: 'Joseph’s Pastizzeria', reason: 'Thanks!' },
    });
    expect(view).toEqual({ text: 'Your receipt for Joseph’s Pastizzeria was verified', detail: 'Note from the shop: Thanks!', href: '/receipt-upload' });
  });

  it('says a stamp card is complete with its reward, and leads to the stamp cards (issue 29 §2)', () => {
    const view = describeNotification(i18n.t, {
      ...base,
      kind: 'STAMP_REWARD',
      payload: { rewardId: 3, vendorId: 9, businessName: 'Café Rubino', rewardText: 'A free coffee' },
    });
    expect(view).toEqual({ text: 'Café Rubino: your stamp card is complete. Your reward: A free coffee', detail: null, href: '/stamp-cards' });
  });

  it('says why a receipt was rejected, translating a server message', async () => {
    const payload = { receiptId: 4, status: 'REJECTED' as const, businessName: 'Bakery', reason: MESSAGES.receiptDuplicateFile };
    expect(describeNotification(i18n.t, { ...base, kind: 'RECEIPT_DECIDED', payload }).text).toBe(
      `Your receipt for Bakery was rejected: ${MESSAGES.receiptDuplicateFile}`,
    );
    await i18n.changeLanguage('it');
    const italian = describeNotification(i18n.t, { ...base, kind: 'RECEIPT_DECIDED', payload }).text;
    expect(italian).toContain('Bakery');
    expect(italian).not.toContain(MESSAGES.receiptDuplicateFile);
    await i18n.changeLanguage('en');
  });

  it('names the shop and the offer of a new offer and leads to the offer', () => {
    const view = describeNotification(i18n.t, { ...base, kind: 'NEW_OFFER', payload: { offerId: 12, title: 'Two pastizzi for €1', businessName: 'Bakery' } });
    expect(view).toEqual({ text: 'Bakery published a new offer: Two pastizzi for €1', detail: null, href: '/viewoffer/12' });
  });
});

describe('describeNotification: issue 14 (businesses checked, reviews, reports)', () => {
  let i18n: ReturnType<typeof initI18n>;
  beforeAll(async () => {
    i18n = initI18n('en');
    await i18n.changeLanguage('en');
  });
  const business = (status: 'ACTIVE' | 'REJECTED' | 'SUSPENDED', reason: string | null) =>
    describeNotification(i18n.t, { ...base, kind: 'BUSINESS_STATUS', payload: { vendorId: 3, businessName: 'Bakery', status, reason } });

  it('tells the owner their business was approved, refused or suspended, with Qrib’s reason, leading to the dashboard', () => {
    expect(business('ACTIVE', null)).toEqual({ text: 'Qrib approved Bakery: shoppers can see its offers', detail: null, href: '/' });
    expect(business('REJECTED', 'The licence is unreadable')).toEqual({
      text: 'Qrib could not approve Bakery',
      detail: 'Qrib’s reason: The licence is unreadable',
      href: '/',
    });
    expect(business('SUSPENDED', 'Misleading prices')).toEqual({ text: 'Qrib suspended Bakery: its offers are hidden from shoppers', detail: 'Qrib’s reason: Misleading prices', href: '/' });
  });

  it('gives a new review’s stars and offer, and a reply to a review, leading to the shop page', () => {
    expect(describeNotification(i18n.t, { ...base, kind: 'REVIEW_RECEIVED', payload: { reviewId: 9, vendorId: 3, stars: 4, offerTitle: 'Two pastizzi' } })).toEqual({
      text: 'New review of Two pastizzi: 4 of 5 stars',
      detail: null,
      href: '/shops/3',
    });
    expect(describeNotification(i18n.t, { ...base, kind: 'REVIEW_RECEIVED', payload: { reviewId: 9, vendorId: 3, stars: 2, offerTitle: null } }).text).toBe('New review: 2 of 5 stars');
    expect(describeNotification(i18n.t, { ...base, kind: 'REVIEW_REPLIED', payload: { reviewId: 9, vendorId: 3, businessName: 'Bakery' } })).toEqual({
      text: 'Bakery replied to your review',
      detail: null,
      href: '/shops/3',
    });
  });

  it('tells the reporter whether the item was kept or removed, with the reason', () => {
    const decided = (outcome: 'KEPT' | 'REMOVED', reason: string | null) =>
      describeNotification(i18n.t, { ...base, kind: 'REPORT_DECIDED', payload: { reportId: 5, kind: 'OFFER', itemId: 12, title: 'Free coffee', outcome, reason } });
    expect(decided('KEPT', null)).toEqual({ text: 'Qrib checked your report on Free coffee and kept it', detail: null, href: '/viewoffer/12' });
    expect(decided('REMOVED', 'Not a real offer')).toEqual({ text: 'Qrib removed Free coffee after your report', detail: 'Qrib’s reason: Not a real offer', href: '/' });
  });

  it('tells the reporter of a review that the review, not its shop (the title), was kept or removed', () => {
    const decided = (outcome: 'KEPT' | 'REMOVED') =>
      describeNotification(i18n.t, { ...base, kind: 'REPORT_DECIDED', payload: { reportId: 6, kind: 'REVIEW', itemId: 40, title: 'Bakery', outcome, reason: 'An advert' } });
    expect(decided('KEPT')).toEqual({ text: 'Qrib checked your report on a review of Bakery and kept the review', detail: 'Qrib’s reason: An advert', href: '/' });
    expect(decided('REMOVED')).toEqual({ text: 'Qrib removed the review of Bakery you reported', detail: 'Qrib’s reason: An advert', href: '/' });
  });

  it('gives the business or reviewer Qrib’s statement of reasons for what was removed', () => {
    const removed = (kind: 'OFFER' | 'VENDOR' | 'REVIEW') =>
      describeNotification(i18n.t, { ...base, kind: 'CONTENT_REMOVED', payload: { kind, itemId: 12, title: 'Free coffee', reason: 'Misleading' } });
    expect(removed('OFFER')).toEqual({ text: 'Qrib removed your offer Free coffee', detail: 'Statement of reasons: Misleading', href: '/viewoffer/12' });
    expect(removed('VENDOR').text).toBe('Qrib removed your shop Free coffee');
    expect(removed('REVIEW').text).toBe('Qrib removed your review of Free coffee');
  });

  it('tells the owner a shopper asked for a receipt to be checked, and leads to the receipts to review (issue 24)', () => {
    const view = describeNotification(i18n.t, { ...base, kind: 'RECEIPT_CHECK_ASKED', payload: { receiptId: 4, vendorId: 3 } });
    expect(view).toEqual({ text: 'A shopper asked you to check a receipt the automatic check did not confirm', detail: null, href: '/receipts-review' });
  });

  it('tells each side of a settled review dispute what became of the review, with Qrib’s reason (issue 24)', () => {
    const settled = (outcome: 'KEPT' | 'REMOVED', recipient: 'REVIEWER' | 'OWNER') =>
      describeNotification(i18n.t, {
        ...base,
        kind: 'REVIEW_DISPUTE_SETTLED',
        payload: { reviewId: 9, vendorId: 3, businessName: 'Bakery', stars: 1, outcome, reason: 'The receipt is genuine', recipient },
      });
    expect(settled('KEPT', 'REVIEWER')).toEqual({
      text: 'Qrib settled the dispute over your receipt for Bakery: your review counts again',
      detail: 'Qrib’s reason: The receipt is genuine',
      href: '/shops/3',
    });
    expect(settled('REMOVED', 'REVIEWER').text).toBe('Qrib settled the dispute over your receipt for Bakery: your review was removed');
    expect(settled('KEPT', 'OWNER').text).toBe('Qrib settled a disputed receipt: its review (1 of 5 stars) counts again');
    expect(settled('REMOVED', 'OWNER')).toMatchObject({ text: 'Qrib settled a disputed receipt: its review (1 of 5 stars) was removed', href: '/' });
  });

  it('tells the owner what Qrib decided on a burst of activity at the shop, with the statement of reasons (issue 24)', () => {
    const decided = (decision: 'CLEAR' | 'EXCLUDE') =>
      describeNotification(i18n.t, {
        ...base,
        kind: 'SUSPICIOUS_ACTIVITY_DECIDED',
        payload: { activityId: 5, vendorId: 3, businessName: 'Bakery', decision, reason: 'Five accounts made minutes apart' },
      });
    expect(decided('CLEAR')).toEqual({
      text: 'Qrib checked a burst of activity at Bakery: it counts again',
      detail: 'Statement of reasons: Five accounts made minutes apart',
      href: '/',
    });
    expect(decided('EXCLUDE').text).toBe('Qrib checked a burst of activity at Bakery: its reviews and purchases were left out of your rating and figures');
  });

  it('says it in the reader’s language', async () => {
    await i18n.changeLanguage('mt');
    expect(business('REJECTED', 'x').text).not.toBe('Qrib could not approve Bakery');
    expect(business('REJECTED', 'x').text).toContain('Bakery');
    await i18n.changeLanguage('en');
  });
});
