import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '@qrib/shared/i18n/en';
import { computeTrust, type VendorInsights } from '@qrib/shared/insight-schemas';
import { RATING_WINDOW_MONTHS } from '@qrib/shared/trust-constants';
import { renderScreen } from '../../../testing/render.tsx';
import { TrustRating } from './trust-rating.tsx';

function trustOf(verifiedPurchases: number, rating: { average: number | null; count: number }, customerConfirmations: number): VendorInsights['trust'] {
  return { ...computeTrust({ verifiedPurchases, rating }), verifiedPurchases, customerConfirmations, visitConfirmations: 0, pendingPurchases: 0 };
}

describe('TrustRating', () => {
  it('shows the reviews’ rating with their number, the level, and the owner’s own confirmations apart', () => {
    renderScreen(<TrustRating trust={trustOf(14, { average: 4.6, count: 38 }, 5)} />);
    expect(within(screen.getByTestId('trust-rating')).getByText('4.6 · 38 reviews')).toBeInTheDocument();
    expect(within(screen.getByTestId('trust-level')).getByText(en.vendorInsights.levels.SILVER)).toBeInTheDocument();
    expect(within(screen.getByTestId('trust-verifiedPurchases')).getByText('14')).toBeInTheDocument();
    expect(within(screen.getByTestId('trust-customerConfirmations')).getByText('5')).toBeInTheDocument();
    expect(screen.getByTestId('trust-customerConfirmations-note')).toHaveTextContent(en.vendorInsights.customerConfirmationsNote);
    // The explanation names the rating's window, read from packages/shared, and links to the public page.
    expect(screen.getByText(new RegExp(`last ${RATING_WINDOW_MONTHS} months`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.trust.howRatingsLink })).toHaveAttribute('href', '/how-ratings-work');
    expect(screen.queryByText(/\/ 5/)).toBeNull();
  });

  it('shows the purchases waiting for an established account apart, and nothing when there are none (issue 24)', () => {
    const { unmount } = renderScreen(<TrustRating trust={{ ...trustOf(2, { average: null, count: 0 }, 0), pendingPurchases: 3 }} />);
    expect(screen.getByTestId('trust-pendingPurchases')).toHaveTextContent('3 pending: counts once the shopper’s account is established');
    unmount();
    renderScreen(<TrustRating trust={trustOf(2, { average: null, count: 0 }, 0)} />);
    expect(screen.queryByTestId('trust-pendingPurchases')).not.toBeInTheDocument();
  });

  it('says there are no reviews yet, and one review in the singular', () => {
    const { unmount } = renderScreen(<TrustRating trust={trustOf(0, { average: null, count: 0 }, 0)} />);
    expect(within(screen.getByTestId('trust-rating')).getByText(en.trust.noReviews)).toBeInTheDocument();
    unmount();
    renderScreen(<TrustRating trust={trustOf(3, { average: 4, count: 1 }, 0)} />);
    expect(within(screen.getByTestId('trust-rating')).getByText('4.0 · 1 review')).toBeInTheDocument();
  });
});
