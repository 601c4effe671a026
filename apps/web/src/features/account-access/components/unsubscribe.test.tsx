import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { Unsubscribe } from './unsubscribe.tsx';
import { refusal } from './test-helpers.ts';

function openUnsubscribe(token: string | null, signedIn = false) {
  return renderRoutes([{ path: '/unsubscribe', element: <Unsubscribe token={token} signedIn={signedIn} /> }], { path: '/unsubscribe' });
}

describe('unsubscribe', () => {
  it('changes nothing on opening; the button turns email notifications off', async () => {
    const api = stubApi({
      'POST /api/v1/auth/unsubscribe': { body: { data: { emailNotifications: false } } },
    });
    openUnsubscribe('signed');
    const button = await screen.findByRole('button', { name: 'Turn off email notifications' });
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.setup().click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Email notifications are off. You can turn them on again on your profile.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/api/v1/auth/unsubscribe', body: { token: 'signed' } }]);
    expect(screen.queryByRole('button', { name: 'Turn off email notifications' })).toBeNull();
  });

  it('shows the link’s message when the token is refused', async () => {
    stubApi({
      'POST /api/v1/auth/unsubscribe': refusal(400, 'unsubscribeLinkInvalid'),
    });
    openUnsubscribe('forged', true);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Turn off email notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unsubscribeLinkInvalid);
    expect(screen.getByRole('link', { name: 'Go to Qrib' })).toHaveAttribute('href', '/');
  });

  it('shows the same message, and no button, without a token', async () => {
    const api = stubApi({});
    openUnsubscribe(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unsubscribeLinkInvalid);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(api.calls).toEqual([]);
  });
});
