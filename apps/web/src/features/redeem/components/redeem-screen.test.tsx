import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Redemption } from '@qrib/shared/claim-schemas';
import { maltaToday } from '@qrib/shared/malta-time';
import { MESSAGES } from '@qrib/shared/messages';
import { stubApi, type ApiRoute } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { displayedCode, RedeemScreen } from './redeem-screen.tsx';

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();

const redemption = (overrides: Partial<Redemption> = {}): Redemption => ({
  claimId: 41,
  code: 'AB3DEF7H',
  offerId: 7,
  offerTitle: 'Two pastizzi for one',
  redeemedAt: new Date().toISOString(),
  undoUntil: inTenMinutes(),
  remaining: 4,
  redeemedByUserId: 2,
  redeemedByName: 'Joseph Borg',
  kind: 'OFFER',
  rewardId: null,
  rewardText: null,
  ...overrides,
});

// The camera's frames read as a shopper's code written the way a person might (the decoder itself: frame-decoder.test.ts).
vi.mock('./frame-decoder.ts', () => ({ createFrameDecoder: () => Promise.resolve(() => Promise.resolve('ab3d-ef7h')) }));

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

const today = maltaToday();
const listPath = (date: string) => `GET /api/v1/vendors/me/redemptions?date=${date}`;

function renderTill(routes: Record<string, ApiRoute> = {}) {
  const api = stubApi({ [listPath(today)]: { body: { data: [] } }, ...routes });
  renderScreen(<RedeemScreen />, { route: '/redeem' });
  return { api, user: userEvent.setup() };
}

const codeInput = () => screen.getByRole('textbox', { name: 'Customer’s code' });

describe('displayedCode', () => {
  it('groups a whole code in two and upper-cases anything else as typed', () => {
    expect(displayedCode('ab3d-ef7h')).toBe('AB3D EF7H');
    expect(displayedCode(' ab3d ef7h ')).toBe('AB3D EF7H');
    expect(displayedCode('ab3d-e')).toBe('AB3D-E');
    expect(displayedCode('ab3def7h9')).toBe('AB3DEF7H9');
  });
});

describe('RedeemScreen: the till', () => {
  it('shows what is typed grouped, sends it normalized, and shows the redemption in large type with the units left', async () => {
    const { api, user } = renderTill({ 'POST /api/v1/vendors/me/redemptions': { body: { data: redemption() } } });
    await user.type(codeInput(), 'ab3d-ef7h');
    expect(codeInput()).toHaveValue('AB3D EF7H');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));

    const result = await screen.findByTestId('redemption-result');
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/vendors/me/redemptions', body: { code: 'AB3DEF7H' } });
    expect(within(result).getByRole('heading', { name: 'Redeemed' })).toBeInTheDocument();
    expect(result).toHaveTextContent('Two pastizzi for one');
    expect(result).toHaveTextContent('Code AB3D EF7H');
    expect(result).toHaveTextContent('4 left');
    expect(within(result).getByRole('button', { name: 'Undo the redemption of AB3D EF7H' })).toBeEnabled();
    expect(codeInput()).toHaveValue('');
  });

  it('says nothing of units left for an unlimited offer', async () => {
    const { user } = renderTill({ 'POST /api/v1/vendors/me/redemptions': { body: { data: redemption({ remaining: null }) } } });
    await user.type(codeInput(), 'AB3DEF7H{Enter}');
    const result = await screen.findByTestId('redemption-result');
    expect(result).not.toHaveTextContent(/left/);
  });

  it('refuses a code of the wrong characters or length before sending it', async () => {
    const { api, user } = renderTill();
    await user.type(codeInput(), 'AB1DEF7H');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(codeInput()).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.claimCodeInvalid));
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows a code already redeemed as a large alert with the time it was redeemed', async () => {
    const { user } = renderTill({
      'POST /api/v1/vendors/me/redemptions': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'This code was already redeemed at 10:42.',
          code: 'codeAlreadyRedeemed',
          params: { time: '10:42', redeemedAt: '2026-11-24T09:42:00.000Z' },
        },
      },
    });
    await user.type(codeInput(), 'AB3DEF7H');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code was already redeemed at 10:42.');
    expect(screen.queryByTestId('redemption-result')).not.toBeInTheDocument();
  });

  it('refuses a happy-hour code outside its window with the schedule and the next window (issue 28 §3)', async () => {
    const { user } = renderTill({
      'POST /api/v1/vendors/me/redemptions': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'This offer can only be redeemed during its hours (Mo-Th 17:00-19:00). Next: 30/11 17:00.',
          code: 'offerOutsideSchedule',
          params: { schedule: 'Mo-Th 17:00-19:00', next: '30/11 17:00' },
        },
      },
    });
    await user.type(codeInput(), 'AB3DEF7H');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByTestId('redeem-error')).toHaveTextContent('This offer can only be redeemed during its hours (Mo-Th 17:00-19:00). Next: 30/11 17:00.');
    expect(screen.queryByTestId('redemption-result')).not.toBeInTheDocument();
  });

  it('undoes a redemption within the ten minutes and says the code can be used again', async () => {
    let list: Redemption[] = [];
    const { api, user } = renderTill({
      [listPath(today)]: () => ({ body: { data: list } }),
      'POST /api/v1/vendors/me/redemptions': () => {
        list = [redemption()];
        return { body: { data: redemption() } };
      },
      'DELETE /api/v1/vendors/me/redemptions/41': () => {
        list = [];
        return { status: 204 };
      },
    });
    await user.type(codeInput(), 'AB3DEF7H');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    const result = await screen.findByTestId('redemption-result');
    // The day's list shows it too, after the redemption.
    const listed = await screen.findByRole('list', { name: 'Redemptions' });
    expect(listed).toHaveTextContent('AB3D EF7H');
    expect(listed).toHaveTextContent('Two pastizzi for one');

    await user.click(within(result).getByRole('button', { name: 'Undo the redemption of AB3D EF7H' }));
    expect(await screen.findByText('The redemption of AB3D EF7H was undone. The code can be used again.')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'DELETE', path: '/api/v1/vendors/me/redemptions/41', body: undefined });
    expect(screen.queryByTestId('redemption-result')).not.toBeInTheDocument();
    expect(await screen.findByText('No redemptions on this day.')).toBeInTheDocument();
  });

  it('lists a day’s redemptions with Undo only while it may be undone, and another day on request', async () => {
    const old = redemption({ claimId: 40, code: 'QRST5678', offerTitle: 'Free coffee', undoUntil: '2026-01-01T10:00:00.000Z' });
    const { api } = renderTill({
      [listPath(today)]: { body: { data: [redemption(), old] } },
      [listPath('2026-01-01')]: { body: { data: [old] } },
    });
    const list = await screen.findByRole('list', { name: 'Redemptions' });
    const [recent, earlier] = within(list).getAllByRole('listitem');
    expect(within(recent ?? list).getByRole('button', { name: 'Undo the redemption of AB3D EF7H' })).toBeInTheDocument();
    expect(earlier).toHaveTextContent('QRST 5678');
    expect(within(earlier ?? list).queryByRole('button')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Redemptions' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('list', { name: 'Redemptions' })).toHaveTextContent('Free coffee');
    expect(api.calls.map((call) => call.path)).toContain('/api/v1/vendors/me/redemptions?date=2026-01-01');
  });

  it('says a stamp card’s reward is one, and undoes it by its own id (issue 29 §2)', async () => {
    const reward = redemption({ kind: 'REWARD', claimId: 0, offerId: 0, rewardId: 12, rewardText: 'A free coffee', offerTitle: 'A free coffee', remaining: null });
    const { api, user } = renderTill({
      'POST /api/v1/vendors/me/redemptions': { body: { data: reward } },
      'DELETE /api/v1/vendors/me/reward-redemptions/12': { status: 204 },
    });
    await user.type(codeInput(), 'AB3DEF7H{Enter}');
    const result = await screen.findByTestId('redemption-result');
    expect(result).toHaveTextContent('Reward: A free coffee');
    await user.click(within(result).getByRole('button', { name: 'Undo the redemption of AB3D EF7H' }));
    await waitFor(() => expect(api.calls).toContainEqual({ method: 'DELETE', path: '/api/v1/vendors/me/reward-redemptions/12', body: undefined }));
    expect(api.calls.some((call) => call.path.startsWith('/api/v1/vendors/me/redemptions/'))).toBe(false);
  });

  it('redeems a scanned code: the camera stops once and the code is sent normalized', async () => {
    const track = { stop: vi.fn() };
    const stream = { getTracks: () => [track] } as unknown as MediaStream;
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: () => Promise.resolve(stream) } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
    const { api, user } = renderTill({ 'POST /api/v1/vendors/me/redemptions': { body: { data: redemption() } } });
    await user.click(screen.getByRole('button', { name: 'Scan QR code' }));

    expect(await screen.findByTestId('redemption-result')).toHaveTextContent('Code AB3D EF7H');
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/vendors/me/redemptions', body: { code: 'AB3DEF7H' } });
    expect(track.stop).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('Camera view')).not.toBeInTheDocument();
  });

  it('says when the camera cannot be used, so the code is typed instead', async () => {
    const { user } = renderTill();
    await user.click(screen.getByRole('button', { name: 'Scan QR code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No camera can be used on this device. Type the code instead.');
    await user.click(screen.getByRole('button', { name: 'Close camera' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
