import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REVIEW_STARS_MAX } from '@qrib/shared/trust-constants';
import { neverAnswer, stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { buildReviewsPage } from '../testing-data.ts';
import { RatingSummary } from './rating-summary.tsx';

describe('RatingSummary', () => {
  it("shows '4.6 · 38 reviews' with the same in words for screen readers, and links to how ratings work", async () => {
    stubApi({ 'GET /api/v1/vendors/3/reviews': { body: buildReviewsPage() } });
    renderScreen(<RatingSummary vendorId={3} />);
    expect(await screen.findByText('4.6 · 38 reviews')).toBeInTheDocument();
    expect(screen.getByText(`Rated 4.6 out of ${REVIEW_STARS_MAX} from 38 reviews`)).toHaveClass('sr-only');
    expect(screen.getByRole('link', { name: 'How ratings and reviews work' })).toHaveAttribute('href', '/how-ratings-work');
  });

  it("says 'No reviews yet' for a shop with none, one review in the singular, and only the link while loading", async () => {
    stubApi({ 'GET /api/v1/vendors/3/reviews': { body: buildReviewsPage({ data: [], rating: { average: null, count: 0 } }) } });
    const { unmount } = renderScreen(<RatingSummary vendorId={3} />);
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    unmount();

    stubApi({ 'GET /api/v1/vendors/3/reviews': { body: buildReviewsPage({ rating: { average: 5, count: 1 } }) } });
    const second = renderScreen(<RatingSummary vendorId={3} />);
    expect(await screen.findByText('5.0 · 1 review')).toBeInTheDocument();
    second.unmount();

    stubApi({ 'GET /api/v1/vendors/3/reviews': neverAnswer });
    renderScreen(<RatingSummary vendorId={3} />);
    expect(screen.getByTestId('rating-summary')).toHaveTextContent('How ratings and reviews work');
    expect(screen.queryByText(/reviews$/)).not.toBeInTheDocument();
  });

  it('writes the average in the reader’s language', async () => {
    stubApi({ 'GET /api/v1/vendors/3/reviews': { body: buildReviewsPage() } });
    renderScreen(<RatingSummary vendorId={3} />, { language: 'fr' });
    expect(await screen.findByText('4,6 · 38 avis')).toBeInTheDocument();
  });
});
