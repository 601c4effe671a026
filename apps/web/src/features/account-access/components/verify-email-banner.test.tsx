import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { refusal } from './test-helpers.ts';
import { VerifyEmailBanner } from './verify-email-banner.tsx';
import { VerifyEmailDetail } from './verify-email-detail.tsx';

afterEach(() => sessionStorage.clear());

describe('VerifyEmailBanner', () => {
  it('is one line asking to confirm the address, its detail on the profile', () => {
    stubApi({});
    renderScreen(<VerifyEmailBanner userId={1} />);
    const banner = screen.getByTestId('verify-email-banner');
    expect(banner).toHaveTextContent('Please confirm your email address.');
    expect(screen.getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/profile#verify-email');
    // One line: a single paragraph that truncates rather than wraps, no Resend here.
    expect(banner.querySelectorAll('p')).toHaveLength(1);
    expect(banner.querySelector('p')).toHaveClass('truncate');
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('closes for this visit, and stays closed when the layout shows it again', async () => {
    stubApi({});
    const first = renderScreen(<VerifyEmailBanner userId={1} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
    first.unmount();
    renderScreen(<VerifyEmailBanner userId={1} />);
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
    // Another account signed in on this tab still sees its own notice.
    renderScreen(<VerifyEmailBanner userId={2} />);
    expect(screen.getByTestId('verify-email-banner')).toBeInTheDocument();
  });
});

describe('VerifyEmailDetail (on the profile)', () => {
  it('names the address and resends the link', async () => {
    const api = stubApi({ 'POST /api/v1/me/email-verification': { status: 202 } });
    renderScreen(<VerifyEmailDetail email="carmen@example.com" />);
    expect(screen.getByText('Please confirm your email address carmen@example.com: we sent you a link.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sent. Check your inbox.');
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/v1/me/email-verification', body: undefined }]);
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('shows too many mails and keeps Resend', async () => {
    stubApi({ 'POST /api/v1/me/email-verification': refusal(429, 'tooManyVerificationMails', { minutes: 12 }) });
    renderScreen(<VerifyEmailDetail email="carmen@example.com" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many verification emails. Please try again in 12 min.');
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
  });
});
