/** Issue 27's dead ends around codes: a code redeemed at the till says when, Get code without a connection says so, none yet leads on. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Offer } from '@qrib/shared/offer-schemas';
import { stubApi } from '../../../testing/api-stub.ts';
import { testClaim } from '../../../testing/claims.ts';
import { renderRoutes, renderScreen } from '../../../testing/render.tsx';
import { ClaimAction } from './claim-action.tsx';
import { MyCodes } from './my-codes.tsx';

const offer: Pick<Offer, 'offerId' | 'remaining' | 'targetAudience'> = { offerId: 7, remaining: null, targetAudience: 'ALL_CUSTOMERS' };
// 09:41 UTC is 10:41 in Malta in November (CET).
const redeemed = testClaim({ status: 'REDEEMED', redeemedAt: '2026-11-27T09:41:00.000Z' });

const renderAction = (language: 'en' | 'mt' = 'en') =>
  renderRoutes([{ path: '/viewoffer/:id', element: <ClaimAction offer={offer} userId={1} /> }], { path: '/viewoffer/7', language });

describe('a code redeemed at the till', () => {
  it('reads “Redeemed on …” on the offer page, on Malta’s clock, English the Maltese way, instead of Show my code', async () => {
    stubApi({ 'GET /api/v1/me/stamp-cards': { body: { data: [], pass: 'QRIB-STAMP-AAAAAAAAAAAAAAAAAAAAAA' } }, 'GET /api/v1/me/claims': { body: { data: [redeemed] } } });
    renderAction();
    expect(await screen.findByTestId('claim-redeemed')).toHaveTextContent(/^Redeemed on 27 Nov 2026, 10:41$/);
    expect(screen.queryByRole('link', { name: 'Show my code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get code' })).not.toBeInTheDocument();
  });

  it('an active code still shows Show my code', async () => {
    stubApi({ 'GET /api/v1/me/stamp-cards': { body: { data: [], pass: 'QRIB-STAMP-AAAAAAAAAAAAAAAAAAAAAA' } }, 'GET /api/v1/me/claims': { body: { data: [testClaim()] } } });
    renderAction();
    expect(await screen.findByRole('link', { name: 'Show my code' })).toHaveAttribute('href', '/codes/41');
    expect(screen.queryByTestId('claim-redeemed')).not.toBeInTheDocument();
  });

  it('reads “Redeemed on …” in My codes, beside the code', async () => {
    stubApi({ 'GET /api/v1/me/stamp-cards': { body: { data: [], pass: 'QRIB-STAMP-AAAAAAAAAAAAAAAAAAAAAA' } }, 'GET /api/v1/me/claims': { body: { data: [redeemed, testClaim({ claimId: 42, offerId: 8, createdAt: '2026-11-26T08:05:00.000Z' })] } } });
    renderScreen(<MyCodes userId={1} />, { route: '/codes' });
    // Newest first: the code got on the 26th, then the one got on the 20th and redeemed on the 27th.
    const rows = within(await screen.findByTestId('codes-list')).getAllByTestId('code-when');
    expect(rows.map((row) => row.textContent)).toEqual(['26 Nov 2026, 09:05', 'Redeemed on 27 Nov 2026, 10:41']);
  });
});

describe('Get code without a connection', () => {
  it('says “No connection — try again”, never “Failed to fetch”, and the button tries again', async () => {
    let reachable = false;
    stubApi({
      'GET /api/v1/me/claims': { body: { data: [] } },
      'POST /api/v1/offers/7/claims': () => (reachable ? { status: 201, body: { data: testClaim() } } : Promise.reject(new TypeError('Failed to fetch'))),
    });
    const { router } = renderRoutes(
      [
        { path: '/viewoffer/:id', element: <ClaimAction offer={offer} userId={1} /> },
        { path: '/codes/:claimId', element: <p>code screen</p> },
      ],
      { path: '/viewoffer/7' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No connection — try again$/);
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('code screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/codes/41');
  });
});

describe('My codes with none yet', () => {
  it('leads on with Browse offers', async () => {
    stubApi({ 'GET /api/v1/me/stamp-cards': { body: { data: [], pass: 'QRIB-STAMP-AAAAAAAAAAAAAAAAAAAAAA' } }, 'GET /api/v1/me/claims': { body: { data: [] } } });
    renderScreen(<MyCodes userId={1} />, { route: '/codes' });
    expect(await screen.findByRole('link', { name: 'Browse offers' })).toHaveAttribute('href', '/');
  });
});
