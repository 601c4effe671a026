import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { refusal } from './test-helpers.ts';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

afterEach(() => sessionStorage.clear());

describe('VerifyEmailBanner', () => {
  it('asks to confirm the address and resends the link', async () => {
    const api = stubApi({ 'POST /api/v1/me/email-verification': { status: 202 } });
    renderScreen(<VerifyEmailBanner userId={1} email="carmen@example.com" />);
    expect(screen.getByText('Please confirm your email address carmen@example.com: we sent you a link.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sent. Check your inbox.');
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/v1/me/email-verification', body: undefined }]);
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('shows too many mails and keeps Resend', async () => {
    stubApi({ 'POST /api/v1/me/email-verification': refusal(429, 'tooManyVerificationMails', { minutes: 12 }) });
    renderScreen(<VerifyEmailBanner userId={1} email="carmen@example.com" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many verification emails. Please try again in 12 min.');
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('closes for this visit, and stays closed when the layout shows it again', async () => {
    stubApi({});
    const first = renderScreen(<VerifyEmailBanner userId={1} email="carmen@example.com" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
    first.unmount();
    renderScreen(<VerifyEmailBanner userId={1} email="carmen@example.com" />);
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
    // Another account signed in on this tab still sees its own notice.
    renderScreen(<VerifyEmailBanner userId={2} email="joseph@example.com" />);
    expect(screen.getByTestId('verify-email-banner')).toBeInTheDocument();
  });
});
