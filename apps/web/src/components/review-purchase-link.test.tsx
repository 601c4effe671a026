import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../testing/api-stub.ts';
import { renderScreen } from '../testing/render.tsx';
import { ReviewPurchaseLink } from './review-purchase-link.tsx';

const open = { reviewId: null, canReview: true, reviewableUntil: '2026-12-20T10:00:00.000Z' };

describe('ReviewPurchaseLink', () => {
  it("offers 'Write a review' for a code or a receipt that may be reviewed", () => {
    stubApi({});
    const first = renderScreen(<ReviewPurchaseLink review={open} purchase={{ claimId: 21 }} vendorId={3} label="Two pastizzi for one" />);
    expect(screen.getByRole('link', { name: 'Write a review: Two pastizzi for one' })).toHaveAttribute('href', '/write-review?claimId=21');
    first.unmount();
    renderScreen(<ReviewPurchaseLink review={open} purchase={{ receiptId: 4 }} vendorId={3} label="Crystal Palace Bar" />);
    expect(screen.getByRole('link', { name: 'Write a review: Crystal Palace Bar' })).toHaveAttribute('href', '/write-review?receiptId=4');
  });

  it("leads to the review once written, and shows nothing when the purchase grants none or the window closed", () => {
    stubApi({});
    const first = renderScreen(<ReviewPurchaseLink review={{ reviewId: 31, canReview: false, reviewableUntil: null }} purchase={{ claimId: 21 }} vendorId={3} label="Tea" />);
    expect(screen.getByRole('link', { name: 'See your review: Tea' })).toHaveAttribute('href', '/shops/3#review-31');
    first.unmount();
    const second = renderScreen(<ReviewPurchaseLink review={{ reviewId: null, canReview: false, reviewableUntil: null }} purchase={{ claimId: 21 }} vendorId={3} label="Tea" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    second.unmount();
    renderScreen(<ReviewPurchaseLink review={undefined} purchase={{ claimId: 21 }} vendorId={3} label="Tea" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
