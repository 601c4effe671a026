import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@qrib/shared/messages';
import { ESTABLISHED_ACCOUNT_DAYS, REVIEW_REPLY_MAX } from '@qrib/shared/trust-constants';
import { neverAnswer, stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { buildReview, buildReviewsPage, errorAnswer } from '../testing-data.ts';
import { VendorReviews } from './vendor-reviews.tsx';

const renderReviews = (props: { isOwner?: boolean; limit?: number } = {}) => renderScreen(<VendorReviews vendorId={3} {...props} />);

describe('VendorReviews', () => {
  it("shows 'Loading…', then an empty state, or the error", async () => {
    stubApi({ 'GET /api/v1/vendors/3/reviews': neverAnswer });
    const first = renderReviews();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.loadingEllipsis);
    first.unmount();

    stubApi({ 'GET /api/v1/vendors/3/reviews': { body: buildReviewsPage({ data: [], rating: { average: null, count: 0 } }) } });
    const second = renderReviews();
    expect(await screen.findByText('No reviews yet. Reviews come from verified purchases only.')).toBeInTheDocument();
    second.unmount();

    stubApi({ 'GET /api/v1/vendors/3/reviews': errorAnswer(404, 'shopNotFound', MESSAGES.shopNotFound) });
    renderReviews();
    expect(await screen.findByRole('alert')).toHaveTextContent(formatMessage(MESSAGES.errorWithMessage, { message: MESSAGES.shopNotFound }));
  });

  it("shows the reader's own held review as waiting for an established account, and a disputed review as 'Under dispute'", async () => {
    stubApi({
      'GET /api/v1/vendors/3/reviews': {
        body: buildReviewsPage({
          data: [
            buildReview({ reviewId: 41, mine: true, pendingEstablished: true }),
            buildReview({ reviewId: 42, stars: 1, underDispute: true, author: { displayName: 'Joe C.', formerShopper: false } }),
            buildReview({ reviewId: 43, author: { displayName: 'Ann P.', formerShopper: false } }),
          ],
        }),
      },
    });
    renderReviews();
    const [held, disputed, live] = await screen.findAllByTestId('review');
    if (!held || !disputed || !live) throw new Error('three reviews expected');
    expect(within(held).getByTestId('review-held')).toHaveTextContent('Published once your account is established');
    expect(within(held).getByTestId('review-held')).toHaveTextContent(`at least ${ESTABLISHED_ACCOUNT_DAYS} days old`);
    expect(within(held).queryByText('Under dispute')).not.toBeInTheDocument();
    expect(within(disputed).getByTestId('review-under-dispute')).toHaveTextContent('Under dispute');
    expect(within(disputed).getByText(/until then this review does not count in the rating/)).toBeInTheDocument();
    expect(within(disputed).queryByTestId('review-held')).not.toBeInTheDocument();
    expect(within(live).queryByTestId('review-held')).not.toBeInTheDocument();
    expect(within(live).queryByTestId('review-under-dispute')).not.toBeInTheDocument();
  });

  it('shows each review’s stars in words, author, date, offer, text, the verified mark and the owner’s reply; Show more reads the next page', async () => {
    const api = stubApi({
      'GET /api/v1/vendors/3/reviews': {
        body: buildReviewsPage({ data: [buildReview({ reply: { text: 'Thank you, Maria!', createdAt: '2026-11-21T10:00:00.000Z' } })], nextCursor: 'c2' }),
      },
      'GET /api/v1/vendors/3/reviews?cursor=c2': { body: buildReviewsPage({ data: [buildReview({ reviewId: 12, stars: 1, text: null, author: { displayName: 'Joe C.', formerShopper: false } })] }) },
    });
    renderReviews();
    const [first] = await screen.findAllByTestId('review');
    if (!first) throw new Error('a review expected');
    expect(within(first).getByText('4 out of 5 stars')).toBeInTheDocument();
    expect(within(first).getByText('Maria B.')).toBeInTheDocument();
    expect(within(first).getByText('20 Nov 2026')).toBeInTheDocument();
    expect(within(first).getByText('For: Two pastizzi for one')).toBeInTheDocument();
    expect(within(first).getByText('Warm and flaky, the staff were kind.')).toBeInTheDocument();
    expect(within(first).getByText('Verified purchase')).toBeInTheDocument();
    expect(within(first).getByTestId('review-reply')).toHaveTextContent('Reply from the shop · 21 Nov 2026Thank you, Maria!');
    expect(within(first).getByRole('button', { name: 'Report the review by Maria B.' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /^Reply/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Joe C.')).toBeInTheDocument();
    expect(screen.getAllByTestId('review')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/v1/vendors/3/reviews', '/api/v1/vendors/3/reviews?cursor=c2']);
  });

  it("names a deleted account's review 'A former shopper', in its reader's words too", async () => {
    stubApi({
      'GET /api/v1/vendors/3/reviews': { body: buildReviewsPage({ data: [buildReview({ text: null, author: { displayName: '', formerShopper: true } })] }) },
    });
    renderReviews({ isOwner: true });
    const [review] = await screen.findAllByTestId('review');
    if (!review) throw new Error('a review expected');
    expect(within(review).getByText('A former shopper')).toBeInTheDocument();
    expect(within(review).getByText('4 out of 5 stars')).toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Report the review by A former shopper' })).toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Reply to A former shopper' })).toBeInTheDocument();
  });

  it('with a limit shows the latest few and links to the shop page instead of Show more', async () => {
    stubApi({
      'GET /api/v1/vendors/3/reviews': { body: buildReviewsPage({ data: [1, 2, 3, 4].map((reviewId) => buildReview({ reviewId })), nextCursor: 'c2' }) },
    });
    renderReviews({ limit: 3 });
    expect(await screen.findAllByTestId('review')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Latest reviews of this shop' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All reviews on the shop page' })).toHaveAttribute('href', '/shops/3');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('lets the owner reply once to a review without a reply (the reply then shows), says what a refused reply needs', async () => {
    let replied = false;
    const api = stubApi({
      'GET /api/v1/vendors/3/reviews': () => ({
        body: buildReviewsPage({ data: [buildReview({ reply: replied ? { text: 'See you soon!', createdAt: '2026-11-22T08:00:00.000Z' } : null })] }),
      }),
      'POST /api/v1/reviews/11/reply': () => {
        replied = true;
        return { body: { data: buildReview({ reply: { text: 'See you soon!', createdAt: '2026-11-22T08:00:00.000Z' } }) } };
      },
    });
    renderReviews({ isOwner: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Maria B.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(screen.getByText(formatMessage(MESSAGES.replyLength, { max: REVIEW_REPLY_MAX.toLocaleString('en') }))).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Your public reply'), '  See you soon!  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByTestId('review-reply')).toHaveTextContent('See you soon!');
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/reviews/11/reply', body: { text: 'See you soon!' } });
    expect(screen.queryByRole('button', { name: 'Reply to Maria B.' })).not.toBeInTheDocument();
  });

  it('offers Report on every review to the shop’s owner too (a fake review is theirs to report), and on none of the reader’s own', async () => {
    stubApi({
      'GET /api/v1/vendors/3/reviews': {
        body: buildReviewsPage({
          data: [
            buildReview({ reply: { text: 'Thank you!', createdAt: '2026-11-21T10:00:00.000Z' } }),
            buildReview({ reviewId: 12, author: { displayName: 'Joe C.', formerShopper: false } }),
            buildReview({ reviewId: 13, author: { displayName: 'Me M.', formerShopper: false }, mine: true }),
          ],
        }),
      },
    });
    const owner = renderReviews({ isOwner: true });
    expect(await screen.findByRole('button', { name: 'Report the review by Maria B.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report the review by Joe C.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report the review by Me M.' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Report/ })).toHaveLength(2);
    owner.unmount();

    renderReviews();
    expect(await screen.findByRole('button', { name: 'Report the review by Joe C.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report the review by Me M.' })).not.toBeInTheDocument();
  });

  it('shows why the server refused a reply (already replied)', async () => {
    stubApi({
      'GET /api/v1/vendors/3/reviews': { body: buildReviewsPage() },
      'POST /api/v1/reviews/11/reply': errorAnswer(409, 'replyAlreadyWritten', MESSAGES.replyAlreadyWritten),
    });
    renderReviews({ isOwner: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Maria B.' }));
    await userEvent.type(screen.getByLabelText('Your public reply'), 'Thanks');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.replyAlreadyWritten);
  });
});
