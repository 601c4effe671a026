import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VendorReceipt } from '@qrib/shared/receipt-schemas';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { ReviewCard } from './review-card.tsx';

const receipt: VendorReceipt = {
  receiptId: 5,
  status: 'VERIFIED',
  reason: null,
  reasonCode: null,
  reasonParams: {},
  vendor: { vendorId: 3, businessName: 'Crystal Palace Bar', businessAddress: 'Triq San Pawl, Rabat' },
  offer: null,
  visitId: null,
  claimId: null,
  files: [],
  createdAt: '2026-03-02T09:00:00.000Z',
  decidedAt: null,
  askedShopAt: null,
  canAskShop: false,
  shopperName: 'Maria Borg',
  formerShopper: false,
  extractedMerchant: 'Crystal Palace Bar',
  extractedDate: '2026-03-02',
  extractedTotal: 4.5,
  autoStatus: 'VERIFIED',
  autoReason: null,
  autoReasonCode: null,
  autoReasonParams: {},
};

const renderCard = (shown: VendorReceipt, language: 'en' | 'fr' = 'en') => {
  stubApi({});
  return renderRoutes([{ path: '/receipts-review', element: <ReviewCard receipt={shown} /> }], { path: '/receipts-review', language });
};

describe('ReviewCard: the automatic verdict is a hint, the owner decides', () => {
  it('shows an automatically verified receipt as awaiting the owner, with the verdict as a hint and both decisions', () => {
    renderCard(receipt);
    expect(screen.getByTestId('review-status')).toHaveTextContent('Awaiting your decision');
    expect(screen.getByTestId('review-status')).not.toHaveTextContent('Verified');
    const hint = screen.getByTestId('review-auto');
    expect(hint).toHaveTextContent('Automatic check: Looks valid');
    expect(hint).toHaveTextContent('This is only a hint from reading the receipt. The decision is yours.');
    expect(screen.queryByRole('heading', { name: 'Automatic check' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('says when the shopper asked for this check (issue 24), and nothing when they did not', () => {
    const first = renderCard({ ...receipt, status: 'NEEDS_REVIEW', autoStatus: 'NEEDS_REVIEW', askedShopAt: '2026-03-02T10:30:00.000Z' });
    expect(screen.getByTestId('review-asked')).toHaveTextContent('The shopper asked you to check this receipt on 2 Mar 2026, 11:30.');
    first.unmount();
    renderCard(receipt);
    expect(screen.queryByTestId('review-asked')).not.toBeInTheDocument();
  });

  it('gives the automatic reason inside the hint, not as a rejection', () => {
    renderCard({ ...receipt, status: 'REJECTED', autoStatus: 'REJECTED', reasonCode: 'receiptTooOld', reasonParams: { days: 7 }, autoReasonCode: 'receiptTooOld', autoReasonParams: { days: 7 } });
    expect(screen.getByTestId('review-status')).toHaveTextContent('Awaiting your decision');
    const hint = screen.getByTestId('review-auto');
    expect(hint).toHaveTextContent('Automatic check: Looks invalid');
    expect(within(hint).getByText('This receipt is more than 7 days old.')).toBeInTheDocument();
    expect(screen.queryByTestId('review-decision')).not.toBeInTheDocument();
  });

  it('names a deleted account’s receipt as a former shopper’s, in the reader’s language', () => {
    const { unmount } = renderCard({ ...receipt, shopperName: '', formerShopper: true });
    expect(screen.getByRole('heading', { name: 'Receipt from A former shopper' })).toBeInTheDocument();
    unmount();
    renderCard({ ...receipt, shopperName: '', formerShopper: true }, 'fr');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Un ancien client');
  });

  it('says when nothing was checked yet, in the reader’s language', () => {
    renderCard({ ...receipt, status: 'PENDING', autoStatus: null }, 'fr');
    expect(screen.getByTestId('review-status')).toHaveTextContent('En attente de votre décision');
    expect(screen.getByTestId('review-auto')).toHaveTextContent(/Vérification automatique\s:\sPas encore vérifié/);
  });

  it('shows the owner’s decision once made, the verdict still only a hint', () => {
    renderCard({ ...receipt, status: 'REJECTED', decidedAt: '2026-03-03T10:00:00.000Z', reason: 'Not our shop' });
    expect(screen.getByTestId('review-status')).toHaveTextContent('Rejected');
    expect(screen.getByTestId('review-decision')).toHaveTextContent('You rejected this receipt on');
    expect(screen.getByTestId('review-auto')).toHaveTextContent('Automatic check: Looks valid');
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });
});
