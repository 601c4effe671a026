import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLAIMS_STORAGE_PREFIX, saveClaims } from '../../../lib/claims-storage.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import { testClaim } from '../../../testing/claims.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { SHOWN_CODE_REFRESH_MS } from '../api/get-my-claims.ts';
import { CodeScreen } from './code-screen.tsx';
import { MyCodes } from './my-codes.tsx';

const renderCode = (claimId = 41) => renderScreen(<CodeScreen claimId={claimId} userId={1} />, { route: '/codes/:claimId', path: `/codes/${claimId}` });
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('CodeScreen (/codes/:claimId)', () => {
  it('shows the offer, the shop, the code in two groups, its QR, the status, time and units left, and that nothing is reserved', async () => {
    stubApi({ 'GET /api/v1/me/stamp-cards': { body: { data: [], pass: 'QRIB-STAMP-AAAAAAAAAAAAAAAAAAAAAA' } }, 'GET /api/v1/me/claims': { body: { data: [testClaim()] } } });
    renderCode();
    expect(await screen.findByTestId('claim-code')).toHaveTextContent('AB3D EF7H');
    expect(screen.getByRole('heading', { level: 1, name: 'Two pastizzi for one' })).toBeInTheDocument();
    const shop = screen.getByTestId('code-shop');
    expect(shop).toHaveAttribute('href', '/shops/3');
    expect(shop).toHaveTextContent('Crystal Palace Bar');
    expect(shop).toHaveTextContent('Triq San Pawl, Rabat');
    const qr = await screen.findByRole('img', { name: 'QR code for AB3D EF7H' });
    // The QR of the bare code, drawn here: an SVG as a data URL (the CSP allows data: images).
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByTestId('claim-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('code-time-left')).toHaveTextContent(/days Left$/);
    expect(screen.getByTestId('units-left')).toHaveTextContent('4 left');
    expect(screen.getByTestId('code-no-reserve')).toHaveTextContent('A code does not reserve a unit');
    expect(screen.queryByText('You are offline: this is the copy saved on this device.')).not.toBeInTheDocument();
    // The answer is kept on the device for the till without network.
    expect(JSON.parse(localStorage.getItem(`${CLAIMS_STORAGE_PREFIX}1`) ?? '[]')).toEqual([testClaim()]);
  });

  it('an active code on screen follows the till: it turns Redeemed once the shop has scanned it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let redeemed = false;
    const api = stubApi({
      'GET /api/v1/me/claims': () => ({
        body: { data: [redeemed ? testClaim({ status: 'REDEEMED', redeemedAt: '2026-11-21T10:05:00.000Z' }) : testClaim()] },
      }),
    });
    renderCode();
    expect(await screen.findByTestId('claim-status')).toHaveTextContent('Active');
    redeemed = true;
    await vi.advanceTimersByTimeAsync(SHOWN_CODE_REFRESH_MS);
    await vi.waitFor(() => expect(screen.getByTestId('claim-status')).toHaveTextContent('Redeemed'));
    // A redeemed code is not asked for again.
    const asked = api.calls.length;
    await vi.advanceTimersByTimeAsync(SHOWN_CODE_REFRESH_MS * 3);
    expect(api.calls).toHaveLength(asked);
    vi.useRealTimers();
  });

  it('says when a code was redeemed (Malta time) or has expired', async () => {
    stubApi({
      'GET /api/v1/me/claims': {
        body: {
          data: [
            testClaim({ status: 'REDEEMED', redeemedAt: '2026-11-21T10:05:00.000Z', review: { reviewId: null, canReview: true, reviewableUntil: '2026-12-21T10:05:00.000Z' } }),
            testClaim({ claimId: 42, status: 'EXPIRED' }),
          ],
        },
      },
    });
    const { unmount } = renderCode();
    expect(await screen.findByTestId('claim-status')).toHaveTextContent('Redeemed');
    expect(screen.getByText('Redeemed on 21 Nov 2026, 11:05')).toBeInTheDocument();
    // A redeemed code leads to the receipt screen with its shop, offer and code: the receipt names the code.
    expect(screen.getByRole('link', { name: 'Upload the receipt for this purchase' })).toHaveAttribute('href', '/receipt-upload?vendorId=3&offerId=7&claimId=41');
    // A redeemed code may be reviewed (issue 14).
    expect(screen.getByTestId('write-review')).toHaveAttribute('href', '/write-review?claimId=41');
    unmount();
    renderCode(42);
    expect(await screen.findByTestId('claim-status')).toHaveTextContent('Expired');
    expect(screen.getByText('The offer has ended, so this code can no longer be used.')).toBeInTheDocument();
    expect(screen.queryByTestId('code-upload-receipt')).toBeNull();
  });

  it('opens from the copy on the device when the network is gone, and says so', async () => {
    saveClaims(1, [testClaim()]);
    stubApi({ 'GET /api/v1/me/stamp-cards': { body: { data: [], pass: 'QRIB-STAMP-AAAAAAAAAAAAAAAAAAAAAA' } }, 'GET /api/v1/me/claims': networkDown });
    renderCode();
    expect(await screen.findByText('You are offline: this is the copy saved on this device.')).toBeInTheDocument();
    expect(screen.getByTestId('claim-code')).toHaveTextContent('AB3D EF7H');
    expect(await screen.findByRole('img', { name: 'QR code for AB3D EF7H' })).toBeInTheDocument();
  });

  it('without network and without a saved copy says the code is not on this device; another user’s copy is not used', async () => {
    saveClaims(2, [testClaim()]);
    stubApi({ 'GET /api/v1/me/stamp-cards': { body: { data: [], pass: 'QRIB-STAMP-AAAAAAAAAAAAAAAAAAAAAA' } }, 'GET /api/v1/me/claims': networkDown });
    renderCode();
    expect(await screen.findByText('This code is not saved on this device. Connect to the internet to see it.')).toBeInTheDocument();
    expect(screen.queryByTestId('claim-code')).not.toBeInTheDocument();
    // A way on (issue 27).
    expect(screen.getByRole('link', { name: 'Browse offers' })).toHaveAttribute('href', '/');
  });
});

describe('MyCodes (/codes)', () => {
  it('lists the codes newest first with their status, each linking to its code screen', async () => {
    stubApi({
      'GET /api/v1/me/stamp-cards': { body: { data: [], pass: 'QRIB-STAMP-AAAAAAAAAAAAAAAAAAAAAA' } },
      'GET /api/v1/me/claims': {
        body: {
          data: [
            testClaim({ claimId: 50, code: 'ZZ22ZZ22', status: 'REDEEMED', redeemedAt: '2026-11-22T10:00:00.000Z', createdAt: '2026-11-22T09:00:00.000Z' }),
            testClaim({ claimId: 41, createdAt: '2026-11-20T09:00:00.000Z' }),
          ],
        },
      },
    });
    renderScreen(<MyCodes userId={1} />, { route: '/codes' });
    const items = within(await screen.findByTestId('codes-list')).getAllByRole('link');
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/codes/50', '/codes/41']);
    expect(items[0]).toHaveTextContent('ZZ22 ZZ22');
    expect(within(items[0] as HTMLElement).getByTestId('claim-status')).toHaveTextContent('Redeemed');
    expect(within(items[1] as HTMLElement).getByTestId('claim-status')).toHaveTextContent('Active');
  });

  it('says when there are no codes yet', async () => {
    stubApi({ 'GET /api/v1/me/stamp-cards': { body: { data: [], pass: 'QRIB-STAMP-AAAAAAAAAAAAAAAAAAAAAA' } }, 'GET /api/v1/me/claims': { body: { data: [] } } });
    renderScreen(<MyCodes userId={1} />, { route: '/codes' });
    expect(await screen.findByText('You have no codes yet. Open an offer and tap Get code.')).toBeInTheDocument();
  });
});
