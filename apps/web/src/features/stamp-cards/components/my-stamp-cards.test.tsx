import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyStampCard, StampReward } from '@qrib/shared/stamp-card-schemas';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { MyStampCards } from './my-stamp-cards.tsx';

const PASS = `QRIB-STAMP-${'A'.repeat(22)}`;

const reward = (overrides: Partial<StampReward> = {}): StampReward => ({
  rewardId: 3,
  vendorId: 9,
  businessName: 'Café Rubino',
  code: 'AB3DEF7H',
  rewardText: 'A free coffee',
  status: 'ACTIVE',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  redeemedAt: null,
  ...overrides,
});

const card = (overrides: Partial<MyStampCard> = {}): MyStampCard => ({
  vendorId: 9,
  businessName: 'Café Rubino',
  stamps: 3,
  provisionalStamps: 0,
  stampsRequired: 10,
  rewardText: 'A free coffee',
  expiresAfterDays: 30,
  running: true,
  rewards: [],
  ...overrides,
});

/** The `index`th of the elements, which the test expects to be there. */
function nth(elements: HTMLElement[], index: number): HTMLElement {
  const element = elements[index];
  if (!element) throw new Error(`no element ${index}`);
  return element;
}

function renderCards(data: MyStampCard[]) {
  stubApi({ 'GET /api/v1/me/stamp-cards': { body: { data, pass: PASS } } });
  renderScreen(<MyStampCards />, { route: '/stamp-cards' });
}

describe('MyStampCards (issue 29 §2)', () => {
  it('shows the pass to scan and each card’s stamps of the number the reward needs', async () => {
    renderCards([card(), card({ vendorId: 10, businessName: 'Il-Forn', stamps: 0, provisionalStamps: 2, stampsRequired: 5, rewardText: 'A ftira' })]);
    const pass = await screen.findByTestId('stamp-pass');
    expect(within(pass).getByRole('heading', { name: 'Your card' })).toBeInTheDocument();
    expect(await within(pass).findByRole('img', { name: 'QR code of your stamp card' })).toBeInTheDocument();
    const cards = screen.getAllByTestId('stamp-card');
    const [first, second] = [nth(cards, 0), nth(cards, 1)];
    expect(first).toHaveTextContent('3 of 10 stamps');
    expect(first).toHaveTextContent('A free coffee after 10 stamps');
    expect(within(first).getByRole('link', { name: 'Café Rubino' })).toHaveAttribute('href', '/shops/9');
    expect(second).toHaveTextContent('2 of 5 stamps');
    expect(second).toHaveTextContent('2 waiting: stamps count once your account is established.');
  });

  it('lists a card’s rewards with their codes, state and expiry; an ended card says so', async () => {
    renderCards([
      card({ rewards: [reward(), reward({ rewardId: 2, code: 'QRST5678', status: 'REDEEMED', redeemedAt: '2026-11-21T10:00:00.000Z', expiresAt: null })] }),
      card({ vendorId: 11, businessName: 'Ta’ Pawlu', running: false, stamps: 0, rewards: [reward({ rewardId: 1, vendorId: 11, status: 'REVOKED' })] }),
    ]);
    const cards = await screen.findAllByTestId('stamp-card');
    const [first, ended] = [nth(cards, 0), nth(cards, 1)];
    const rewards = within(first).getAllByTestId('stamp-reward');
    const [ready, used] = [nth(rewards, 0), nth(rewards, 1)];
    expect(ready).toHaveTextContent('Reward: A free coffee');
    expect(ready).toHaveTextContent('Ready to use');
    expect(ready).toHaveTextContent('AB3D EF7H');
    expect(ready).toHaveTextContent('Valid until 20 Dec 2026');
    expect(await within(ready).findByRole('img', { name: /AB3D EF7H/ })).toBeInTheDocument();
    expect(used).toHaveTextContent('Used on 21 Nov 2026');
    expect(used).not.toHaveTextContent('Valid until');
    expect(within(used).queryByRole('img')).not.toBeInTheDocument();
    expect(ended).toHaveTextContent('This shop has ended its card. Your rewards stay valid.');
    expect(ended).toHaveTextContent('Withdrawn: a purchase it was earned with was taken back');
  });

  it('says how stamps are collected when there is none yet', async () => {
    renderCards([]);
    expect(await screen.findByText('No stamps yet. Shops with a stamp card show it on their page.')).toBeInTheDocument();
  });
});
