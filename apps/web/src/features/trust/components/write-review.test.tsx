import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@qrib/shared/messages';
import { ESTABLISHED_ACCOUNT_DAYS, ESTABLISHED_OTHER_SHOPS, REVIEW_STARS_MAX, REVIEW_TEXT_MAX, REVIEW_WINDOW_DAYS } from '@qrib/shared/trust-constants';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes, renderScreen } from '../../../testing/render.tsx';
import { ReviewPurchaseLink } from '../../../components/review-purchase-link.tsx';
import { buildReview, errorAnswer } from '../testing-data.ts';
import { WriteReview } from './write-review.tsx';

const renderForm = (search = '?claimId=21') => renderScreen(<WriteReview />, { route: '/write-review', path: `/write-review${search}` });

// jsdom draws nothing and has no scrollIntoView; the alerts that take focus call it.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});
afterAll(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('WriteReview', () => {
  it('picks 1 to 5 stars in a radio group, counts the characters left, publishes, thanks and links to the review', async () => {
    const api = stubApi({ 'POST /api/v1/reviews': { status: 201, body: { data: buildReview({ reviewId: 31, stars: 5 }) } } });
    renderForm();
    expect(screen.getByRole('group', { name: 'Your rating' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(REVIEW_STARS_MAX);
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(screen.getByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: '5 out of 5 stars' }));
    await userEvent.type(screen.getByLabelText('Your review (optional)'), 'Lovely');
    expect(screen.getByText(`${(REVIEW_TEXT_MAX - 6).toLocaleString('en')} characters left`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(await screen.findByText('Thanks! Your review is published.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your review' })).toHaveAttribute('href', '/shops/3#review-31');
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/v1/reviews', body: { claimId: 21, stars: 5, text: 'Lovely' } }]);
  });

  it('says a review from an account that is not established is kept until it is, and why, instead of published', async () => {
    stubApi({ 'POST /api/v1/reviews': { status: 201, body: { data: buildReview({ reviewId: 32, stars: 2, mine: true, pendingEstablished: true }) } } });
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: '2 out of 5 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(await screen.findByText('Thanks! Your review is saved. It will be published once your account is established.')).toBeInTheDocument();
    expect(
      screen.getByText(
        `An account is established when its e-mail address is verified and it is at least ${ESTABLISHED_ACCOUNT_DAYS} days old, or when it has verified purchases at ${ESTABLISHED_OTHER_SHOPS} other shops. Until then only you see your review; then it is published by itself.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Thanks! Your review is published.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your review' })).toHaveAttribute('href', '/shops/3#review-32');
  });

  it('sends a receipt’s review with no text as null, and shows the server’s field errors and refusals', async () => {
    const api = stubApi({
      'POST /api/v1/reviews': errorAnswer(400, 'invalidInput', 'x', { detail: 'stars' }, { stars: { code: 'reviewStarsInvalid', params: {} } }),
    });
    const first = renderForm('?receiptId=4');
    await userEvent.click(screen.getByRole('radio', { name: '2 out of 5 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(await screen.findByText(MESSAGES.reviewStarsInvalid)).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ receiptId: 4, stars: 2, text: null });
    first.unmount();

    const tooLate = formatMessage(MESSAGES.reviewTooLate, { days: REVIEW_WINDOW_DAYS });
    stubApi({ 'POST /api/v1/reviews': errorAnswer(409, 'reviewTooLate', tooLate, { days: REVIEW_WINDOW_DAYS }) });
    renderForm('?receiptId=4');
    await userEvent.click(screen.getByRole('radio', { name: '3 out of 5 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tooLate);
  });

  it("names the purchase that 'Write a review' opened it for", async () => {
    stubApi({});
    renderRoutes([
      {
        path: '/',
        element: <ReviewPurchaseLink review={{ reviewId: null, canReview: true, reviewableUntil: null }} purchase={{ claimId: 21 }} vendorId={3} label="Two pastizzi for one" />,
      },
      { path: '/write-review', element: <WriteReview /> },
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Write a review: Two pastizzi for one' }));
    expect(await screen.findByText('For: Two pastizzi for one')).toBeInTheDocument();
  });

  it('reads an address naming no purchase, or both, as not found', () => {
    stubApi({});
    const first = renderForm('');
    expect(screen.getByText(MESSAGES.purchaseNotFound)).toBeInTheDocument();
    first.unmount();
    renderForm('?claimId=1&receiptId=2');
    expect(screen.getByText(MESSAGES.purchaseNotFound)).toBeInTheDocument();
  });
});
