import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@qrib/shared/messages';
import type { StampCard } from '@qrib/shared/stamp-card-schemas';
import { stubApi, type ApiRoute } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { StampCardSettings } from './stamp-card-settings.tsx';

const running: StampCard = {
  id: 4,
  stampsRequired: 8,
  rewardText: 'A free pastizz',
  expiresAfterDays: null,
  startedAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
};

function renderSettings(card: StampCard | null, routes: Record<string, ApiRoute> = {}) {
  const api = stubApi({ 'GET /api/v1/vendors/me/stamp-card': { body: { data: card } }, ...routes });
  renderScreen(<StampCardSettings />, { route: '/stamp-card' });
  return { api, user: userEvent.setup() };
}

describe('StampCardSettings (issue 29 §2)', () => {
  // jsdom has no scrollIntoView; the notice that takes the focus calls it.
  beforeAll(() => {
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterAll(() => {
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('starts a card with the numbers as numbers and an empty expiry as none', async () => {
    const { api, user } = renderSettings(null, { 'PUT /api/v1/vendors/me/stamp-card': { status: 201, body: { data: running } } });
    expect(await screen.findByText('No stamp card is running.')).toBeInTheDocument();
    const stamps = screen.getByLabelText(/Stamps for a reward/);
    await user.clear(stamps);
    await user.type(stamps, '8');
    await user.type(screen.getByLabelText(/^Reward/), 'A free pastizz');
    await user.click(screen.getByRole('button', { name: 'Start the card' }));
    expect(await screen.findByText('Your stamp card is running.')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'PUT', path: '/api/v1/vendors/me/stamp-card', body: { stampsRequired: 8, rewardText: 'A free pastizz', expiresAfterDays: null } });
  });

  it('shows the API’s message under the field it is about', async () => {
    const message = formatMessage(MESSAGES.stampsRequiredInvalid, { min: 3, max: 20 });
    const { user } = renderSettings(null, {
      'PUT /api/v1/vendors/me/stamp-card': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message, code: 'stampsRequiredInvalid', params: { min: 3, max: 20 }, fieldErrors: { stampsRequired: message }, fieldErrorCodes: { stampsRequired: { code: 'stampsRequiredInvalid', params: { min: 3, max: 20 } } } },
      },
    });
    const stamps = await screen.findByLabelText(/Stamps for a reward/);
    await user.clear(stamps);
    await user.type(stamps, '25');
    await user.type(screen.getByLabelText(/^Reward/), 'A cake');
    await user.click(screen.getByRole('button', { name: 'Start the card' }));
    await waitFor(() => expect(screen.getByLabelText(/Stamps for a reward/)).toHaveAccessibleDescription(expect.stringContaining(message)));
  });

  it('changes a running card’s terms, and ends it after asking', async () => {
    const { api, user } = renderSettings(running, {
      'PUT /api/v1/vendors/me/stamp-card': { body: { data: { ...running, stampsRequired: 6 } } },
      'DELETE /api/v1/vendors/me/stamp-card': { status: 204 },
    });
    expect(await screen.findByText('Running since 2 Nov 2026')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Reward/)).toHaveValue('A free pastizz');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved. Stamps collected so far still count.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End the card' }));
    expect(screen.getByText(/Shoppers keep the rewards they have earned/)).toBeInTheDocument();
    // The confirmation's button, not the one that opened it.
    await user.click(within(screen.getByRole('group', { name: 'End the card' })).getByRole('button', { name: 'End the card' }));
    const ended = await screen.findByText('The card has ended.');
    // The focus goes to what happened, not to the page's top (the button it was on is gone).
    await waitFor(() => expect(ended.closest('[tabindex="-1"]')).toHaveFocus());
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain('DELETE /api/v1/vendors/me/stamp-card');
  });
});
