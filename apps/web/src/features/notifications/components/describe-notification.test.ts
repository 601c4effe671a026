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
