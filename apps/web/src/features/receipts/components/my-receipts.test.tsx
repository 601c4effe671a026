import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import type { Receipt } from '@qrib/shared/receipt-schemas';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { MyReceipts } from './my-receipts.tsx';

function buildReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    receiptId: 5,
    status: 'NEEDS_REVIEW',
    reason: MESSAGES.receiptShopNameUnsure,
    reasonCode: 'receiptShopNameUnsure',
    reasonParams: {},
    vendor: { vendorId: 3, businessName: 'Joseph’s Pastizzeria', businessAddress: 'Triq il-Kbira, Mosta' },
    offer: null,
    visitId: null,
    claimId: null,
    files: [{ fileId: 9, contentType: 'image/png', byteSize: 2048, url: '/api/v1/receipts/5/files/9' }],
    createdAt: '2026-11-27T09:00:00.000Z',
    decidedAt: null,
    askedShopAt: null,
    canAskShop: true,
    ...overrides,
  };
}

const notAskable = 'The shop can be asked to check only a receipt the automatic check rejected or held, once, before the shop has decided on it.';

// The error alert takes focus; jsdom has no scrollIntoView.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});
afterAll(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('MyReceipts: asking the shop to check', () => {
  it('shows the automatic check’s reason in words and asks the shop once; then says it was asked, with the date', async () => {
    let asked = false;
    const api = stubApi({
      'GET /api/v1/me/receipts': () => ({
        body: { data: [asked ? buildReceipt({ askedShopAt: '2026-11-27T10:15:00.000Z', canAskShop: false }) : buildReceipt()] },
      }),
      'POST /api/v1/receipts/5/ask-shop': () => {
        asked = true;
        return { body: { data: buildReceipt({ askedShopAt: '2026-11-27T10:15:00.000Z', canAskShop: false }) } };
      },
    });
    renderScreen(<MyReceipts />);
    const item = await screen.findByTestId('my-receipt');
    expect(within(item).getByTestId('receipt-reason')).toHaveTextContent(`Automatic check: ${MESSAGES.receiptShopNameUnsure}`);
    await userEvent.click(within(item).getByRole('button', { name: 'Ask Joseph’s Pastizzeria to check this receipt' }));
    const done = await screen.findByTestId('asked-shop');
    expect(done).toHaveTextContent('The shop has been asked to check this receipt. Asked on 27 Nov 2026, 11:15.');
    expect(screen.queryByRole('button', { name: /to check this receipt/ })).not.toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/receipts/5/ask-shop', body: undefined });
  });

  it('shows a refusal in words, and offers nothing on a receipt that cannot be asked about', async () => {
    stubApi({
      'GET /api/v1/me/receipts': {
        body: {
          data: [
            buildReceipt({ status: 'REJECTED', reason: MESSAGES.receiptAnotherShop, reasonCode: 'receiptAnotherShop' }),
            buildReceipt({ receiptId: 6, status: 'VERIFIED', reason: null, reasonCode: null, canAskShop: false }),
            buildReceipt({ receiptId: 7, status: 'REJECTED', reason: 'Not from our till', reasonCode: null, canAskShop: false, decidedAt: '2026-11-27T12:00:00.000Z' }),
          ],
        },
      },
      'POST /api/v1/receipts/5/ask-shop': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: notAskable, code: 'receiptCheckNotAskable', params: {} },
      },
    });
    renderScreen(<MyReceipts />);
    const [rejected, verified, ownerRejected] = await screen.findAllByTestId('my-receipt');
    if (!rejected || !verified || !ownerRejected) throw new Error('three receipts expected');
    expect(within(rejected).getByTestId('receipt-reason')).toHaveTextContent(`Automatic check: ${MESSAGES.receiptAnotherShop}`);
    await userEvent.click(within(rejected).getByRole('button', { name: 'Ask Joseph’s Pastizzeria to check this receipt' }));
    expect(await within(rejected).findByRole('alert')).toHaveTextContent(notAskable);
    expect(within(verified).queryByRole('button')).not.toBeInTheDocument();
    // The owner's own words are shown as they are, not as the automatic check's.
    expect(within(ownerRejected).getByTestId('receipt-reason')).toHaveTextContent(/^Not from our till$/);
    expect(within(ownerRejected).queryByRole('button')).not.toBeInTheDocument();
  });
});
