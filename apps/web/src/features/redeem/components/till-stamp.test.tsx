/**
 * The till reads a shopper's stamp card too (issue 29 §2): a scanned pass is a till stamp (POST /vendors/me/stamps),
 * never a code to redeem; the answer says the card after it. The camera's frames read as a pass here.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maltaToday } from '@qrib/shared/malta-time';
import { MESSAGES } from '@qrib/shared/messages';
import { stubApi, type ApiRoute } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { RedeemScreen } from './redeem-screen.tsx';

const PASS = `QRIB-STAMP-${'aB3_'.repeat(5)}x-`;
vi.mock('./frame-decoder.ts', () => ({ createFrameDecoder: () => Promise.resolve(() => Promise.resolve(`QRIB-STAMP-${'aB3_'.repeat(5)}x-`)) }));

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

async function scanPass(routes: Record<string, ApiRoute>) {
  const stream = { getTracks: () => [{ stop: vi.fn() }] } as unknown as MediaStream;
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: () => Promise.resolve(stream) } });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
  const api = stubApi({ [`GET /api/v1/vendors/me/redemptions?date=${maltaToday()}`]: { body: { data: [] } }, ...routes });
  renderScreen(<RedeemScreen />, { route: '/redeem' });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Scan QR code' }));
  return api;
}

const stamped = (overrides: Record<string, unknown> = {}) => ({ body: { data: { stampId: 5, stamps: 2, provisionalStamps: 0, stampsRequired: 10, rewardIssued: false, ...overrides } } });

describe('RedeemScreen: a stamp card at the till', () => {
  it('stamps a scanned pass and says the card after it, sending no code to redeem', async () => {
    const api = await scanPass({ 'POST /api/v1/vendors/me/stamps': stamped() });
    expect(await screen.findByTestId('till-stamp-result')).toHaveTextContent('Stamp added: 2 of 10');
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/vendors/me/stamps', body: { pass: PASS } });
    expect(api.calls.some((call) => call.path === '/api/v1/vendors/me/redemptions')).toBe(false);
  });

  it('says when the stamp completed the card, and when it waits for the shopper’s account', async () => {
    await scanPass({ 'POST /api/v1/vendors/me/stamps': stamped({ stamps: 0, rewardIssued: true }) });
    expect(await screen.findByTestId('till-stamp-result')).toHaveTextContent('Stamp added: the card is complete. The shopper has a new reward code.');
  });

  it('says a stamp is waiting for the account to be established', async () => {
    await scanPass({ 'POST /api/v1/vendors/me/stamps': stamped({ stamps: 0, provisionalStamps: 3 }) });
    expect(await screen.findByTestId('till-stamp-result')).toHaveTextContent('It counts once the shopper’s account is established (3 waiting).');
  });

  it('stamps a pass typed into the field (a scanner that types), its token as it came', async () => {
    const api = stubApi({
      [`GET /api/v1/vendors/me/redemptions?date=${maltaToday()}`]: { body: { data: [] } },
      'POST /api/v1/vendors/me/stamps': stamped(),
    });
    renderScreen(<RedeemScreen />, { route: '/redeem' });
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Customer’s code' });
    await user.type(field, `qrib-stamp-${PASS.slice('QRIB-STAMP-'.length)}`);
    // The prefix is upper-cased as typed, as a code is; the token after it keeps its case.
    expect(field).toHaveValue(PASS);
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByTestId('till-stamp-result')).toHaveTextContent('Stamp added: 2 of 10');
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/vendors/me/stamps', body: { pass: PASS } });
  });

  it('shows the API’s refusal: one stamp a day', async () => {
    await scanPass({
      'POST /api/v1/vendors/me/stamps': { status: 409, body: { statusCode: 409, error: 'Conflict', message: MESSAGES.stampAlreadyToday, code: 'stampAlreadyToday', params: {} } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.stampAlreadyToday);
  });
});
