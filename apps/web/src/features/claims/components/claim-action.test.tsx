import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import type { Offer } from '@qrib/shared/offer-schemas';
import { savedClaims } from '../../../lib/claims-storage.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { testClaim } from '../../../testing/claims.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { ClaimAction } from './claim-action.tsx';

type Claimable = Pick<Offer, 'offerId' | 'remaining' | 'targetAudience'>;
const offer: Claimable = { offerId: 7, remaining: null, targetAudience: 'ALL_CUSTOMERS' };

function renderAction(shown: Claimable = offer) {
  return renderRoutes(
    [
      { path: '/viewoffer/:id', element: <ClaimAction offer={shown} userId={1} /> },
      { path: '/codes/:claimId', element: <p>code screen</p> },
    ],
    { path: '/viewoffer/7' },
  );
}

const refusal = (status: number, code: keyof typeof MESSAGES, params: Record<string, unknown> = {}) => ({
  status,
  body: { statusCode: status, error: 'Refused', message: MESSAGES[code], code, params },
});

describe('ClaimAction (the offer page’s Get code)', () => {
  it('claims the code (POST /offers/:id/claims) and opens it, keeping it on the device', async () => {
    let claimed = false;
    const api = stubApi({
      'GET /api/v1/me/claims': () => ({ body: { data: claimed ? [testClaim()] : [] } }),
      'POST /api/v1/offers/7/claims': () => {
        claimed = true;
        return { status: 201, body: { data: testClaim() } };
      },
    });
    const { router } = renderAction();
    expect(screen.queryByTestId('units-left')).not.toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Get code' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/codes/41'));
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/api/v1/offers/7/claims', body: undefined }]);
    expect(savedClaims(1).map((claim) => claim.claimId)).toEqual([41]);
  });

  it('reads Show my code when the shopper already has a code for the offer', async () => {
    stubApi({ 'GET /api/v1/me/claims': { body: { data: [testClaim({ claimId: 44 })] } } });
    renderAction({ ...offer, remaining: 3 });
    expect(await screen.findByRole('link', { name: 'Show my code' })).toHaveAttribute('href', '/codes/44');
    expect(screen.queryByRole('button', { name: 'Get code' })).not.toBeInTheDocument();
    expect(screen.getByTestId('units-left')).toHaveTextContent('3 left');
  });

  it('a sold-out offer says so beside a disabled button', async () => {
    stubApi({ 'GET /api/v1/me/claims': { body: { data: [] } } });
    renderAction({ ...offer, remaining: 0 });
    const button = await screen.findByRole('button', { name: 'Get code' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Sold out');
  });

  it('shows who may claim, and the API’s refusal in the reader’s words next to the button', async () => {
    stubApi({
      'GET /api/v1/me/claims': { body: { data: [] } },
      'POST /api/v1/offers/7/claims': refusal(403, 'audiencePremium', { count: 5, have: 2 }),
    });
    const { router } = renderAction({ ...offer, targetAudience: 'PREMIUM_CUSTOMERS' });
    expect(await screen.findByTestId('audience-rule')).toHaveTextContent('Premium: 5 verified purchases on Qrib');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer is for premium customers: 5 verified purchases on Qrib. You have 2.');
    expect(router.state.location.pathname).toBe('/viewoffer/7');
  });

  it('new-customer offers say so; a sold-out answer of the API is shown', async () => {
    stubApi({
      'GET /api/v1/me/claims': { body: { data: [] } },
      'POST /api/v1/offers/7/claims': refusal(409, 'offerSoldOut'),
    });
    renderAction({ ...offer, targetAudience: 'NEW_CUSTOMERS', remaining: 1 });
    expect(await screen.findByTestId('audience-rule')).toHaveTextContent('New customers: your first purchase at this shop');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer is sold out.');
  });
});
