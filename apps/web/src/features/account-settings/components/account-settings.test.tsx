import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DataExport } from '@qrib/shared/account-schemas';
import { MESSAGES } from '@qrib/shared/messages';
import { PROVIDER_CONFIRMED_PASSWORD } from '@qrib/shared/oidc-schemas';
import { enAccount } from '@qrib/shared/i18n/en-account';
import { neverAnswer, stubApi, type ApiAnswer } from '../../../testing/api-stub.ts';
import { renderRoutes, renderScreen } from '../../../testing/render.tsx';
import { testOwner, testShopper } from '../../../testing/users.ts';
import { EXPORT_POLL_MS } from '../api/data-export.ts';
import { AccountSettings } from './account-settings.tsx';
import { formatFileSize } from './data-export-section.tsx';
import { SignInMethodsSection } from './sign-in-methods-section.tsx';

const strings = enAccount.accountSettings;
// Issue 27: no provider configured and nothing linked: the 'Sign-in methods' section stays away.
const noProvider = { 'GET /api/v1/auth/oidc/identities': { body: { data: { hasPassword: true, provider: null, identities: [] } } } };
const noExport = { 'GET /api/v1/me/export': { body: { data: null } }, ...noProvider };

function fieldError(statusCode: number, field: string, code: keyof typeof MESSAGES) {
  return {
    status: statusCode,
    body: {
      statusCode,
      error: statusCode === 409 ? 'Conflict' : 'Bad Request',
      message: MESSAGES[code],
      code,
      params: {},
      fieldErrors: { [field]: MESSAGES[code] },
      fieldErrorCodes: { [field]: { code, params: {} } },
    },
  };
}

function section(testId: string) {
  return within(screen.getByTestId(testId));
}

describe('Change password', () => {
  it('checks the sign-up rule and the confirmation in the client, sends only the two passwords and says what happened', async () => {
    const api = stubApi({ ...noExport, 'POST /api/v1/me/password': { status: 204 } });
    renderScreen(<AccountSettings user={testShopper} businessStatus={undefined} />);
    const user = userEvent.setup();
    const form = section('change-password');
    await user.type(form.getByLabelText(strings.currentPassword), 'oldpass123');
    await user.type(form.getByLabelText(strings.newPassword), 'short');
    await user.type(form.getByLabelText(strings.confirmPassword), 'other');
    await user.click(form.getByRole('button', { name: strings.changePassword }));
    expect(await form.findByText(MESSAGES.signupPasswordRule)).toBeInTheDocument();
    expect(form.getByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/v1/me/password')).toBe(false);

    await user.clear(form.getByLabelText(strings.newPassword));
    await user.type(form.getByLabelText(strings.newPassword), 'newpass456');
    await user.clear(form.getByLabelText(strings.confirmPassword));
    await user.type(form.getByLabelText(strings.confirmPassword), 'newpass456');
    await user.click(form.getByRole('button', { name: strings.changePassword }));
    expect(await form.findByRole('status')).toHaveTextContent(strings.passwordChanged);
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/me/password', body: { currentPassword: 'oldpass123', password: 'newpass456' } });
    expect(form.getByLabelText(strings.currentPassword)).toHaveValue('');
  });

  it('shows a wrong current password under its field', async () => {
    stubApi({ ...noExport, 'POST /api/v1/me/password': fieldError(400, 'currentPassword', 'passwordIncorrect') });
    renderScreen(<AccountSettings user={testShopper} businessStatus={undefined} />);
    const user = userEvent.setup();
    const form = section('change-password');
    await user.type(form.getByLabelText(strings.currentPassword), 'wrongpass1');
    await user.type(form.getByLabelText(strings.newPassword), 'newpass456');
    await user.type(form.getByLabelText(strings.confirmPassword), 'newpass456');
    await user.click(form.getByRole('button', { name: strings.changePassword }));
    expect(await form.findByText(MESSAGES.passwordIncorrect)).toBeInTheDocument();
    expect(form.getByLabelText(strings.currentPassword)).toHaveAttribute('aria-invalid', 'true');
    expect(form.queryByRole('status')).toBeNull();
  });
});

describe('Email address', () => {
  it('shows the address, its state and the one waiting for confirmation', () => {
    stubApi(noExport);
    renderScreen(<AccountSettings user={{ ...testShopper, emailVerified: false, pendingEmail: 'new@example.com' }} businessStatus={undefined} />);
    expect(screen.getByTestId('settings-email')).toHaveTextContent(testShopper.email);
    expect(screen.getByTestId('settings-email-state')).toHaveTextContent(strings.emailNotVerified);
    expect(screen.getByTestId('settings-pending-email')).toHaveTextContent('Waiting for confirmation: new@example.com');
  });

  it('sends the new address with the password and says where the link went; an address in use is shown under its field', async () => {
    let answer: ApiAnswer = fieldError(409, 'email', 'emailInUse');
    const api = stubApi({ ...noExport, 'POST /api/v1/me/email': () => answer });
    renderScreen(<AccountSettings user={testShopper} businessStatus={undefined} />);
    const user = userEvent.setup();
    const form = section('change-email');
    expect(screen.queryByTestId('settings-pending-email')).toBeNull();
    await user.type(form.getByLabelText(strings.newEmail), 'taken@example.com');
    await user.type(form.getByLabelText(strings.password), 'secret123');
    await user.click(form.getByRole('button', { name: strings.changeEmail }));
    expect(await form.findByText(MESSAGES.emailInUse)).toBeInTheDocument();

    answer = { status: 202, body: { data: { pendingEmail: 'carmen.new@example.com' } } };
    await user.clear(form.getByLabelText(strings.newEmail));
    await user.type(form.getByLabelText(strings.newEmail), 'carmen.new@example.com');
    await user.click(form.getByRole('button', { name: strings.changeEmail }));
    expect(await form.findByRole('status')).toHaveTextContent('We sent a link to carmen.new@example.com. Your address changes when you follow it.');
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/me/email', body: { email: 'carmen.new@example.com', password: 'secret123' } });
  });
});

describe('Download my data', () => {
  const pending: DataExport = {
    exportId: '0b6f3f5e-8f6e-4c55-9d2e-1f7f4a0c9e11',
    status: 'PENDING',
    requestedAt: '2026-11-24T10:00:00.000Z',
    expiresAt: '2099-11-25T10:00:00.000Z',
    readyAt: null,
    sizeBytes: null,
  };
  const ready: DataExport = { ...pending, status: 'READY', readyAt: '2026-11-24T10:00:05.000Z', sizeBytes: 2_450_000 };

  it("prepares the data, asks again while it is being prepared, then links the archive with its size and end", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let current: DataExport | null = null;
      const api = stubApi({
        ...noProvider,
        'GET /api/v1/me/export': () => ({ body: { data: current } }),
        'POST /api/v1/me/export': () => {
          current = pending;
          return { status: 202, body: { data: pending } };
        },
      });
      renderScreen(<AccountSettings user={testShopper} businessStatus={undefined} />);
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      const exportSection = section('data-export');
      expect(exportSection.queryByText(strings.exportOwner)).toBeNull();
      await user.click(await exportSection.findByRole('button', { name: strings.prepare }));
      expect(await exportSection.findByText(strings.preparing)).toBeInTheDocument();
      expect(exportSection.queryByRole('button', { name: strings.prepare })).toBeNull();

      current = ready;
      await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_MS));
      const link = await exportSection.findByRole('link', { name: `Download (${formatFileSize(2_450_000, 'en')})` });
      expect(link).toHaveAttribute('href', `/api/v1/me/exports/${ready.exportId}`);
      expect(exportSection.getByTestId('export-expires')).toHaveTextContent('Available until');
      expect(api.calls.filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says what an owner gets besides, and a failed preparation can be asked for again', async () => {
    stubApi({ ...noProvider, 'GET /api/v1/me/export': { body: { data: { ...pending, status: 'FAILED' } } }, 'GET /api/v1/vendors/me': neverAnswer });
    renderScreen(<AccountSettings user={testOwner} businessStatus="CLOSED" />);
    const exportSection = section('data-export');
    expect(exportSection.getByText(strings.exportOwner)).toBeInTheDocument();
    expect(await exportSection.findByText(strings.exportFailed)).toBeInTheDocument();
    expect(exportSection.getByRole('button', { name: strings.prepareAgain })).toBeEnabled();
  });

  it('writes sizes in the reader’s language', () => {
    expect(formatFileSize(2_450_000, 'en')).toBe('2.5 MB');
    expect(formatFileSize(512, 'en')).toBe('512 byte');
    expect(formatFileSize(2_450_000, 'de')).toBe('2,5 MB');
  });
});

describe('Delete my account', () => {
  it('keeps the button disabled until the username is typed, then deletes and lands on the login screen signed out', async () => {
    const api = stubApi({ ...noExport, 'DELETE /api/v1/me': { status: 204 } });
    const { router } = renderRoutes([
      { path: '/profile', element: <AccountSettings user={testShopper} businessStatus={undefined} /> },
      { path: '/login', element: <p>login screen</p> },
    ], { path: '/profile' });
    const user = userEvent.setup();
    const form = section('delete-account');
    expect(form.getByText(strings.deleteKept)).toBeInTheDocument();
    const button = form.getByRole('button', { name: strings.deleteButton });
    await user.type(form.getByLabelText(strings.password), 'secret123');
    expect(button).toBeDisabled();
    await user.type(form.getByLabelText('Type your username, carmen, to confirm'), 'carme');
    expect(button).toBeDisabled();
    await user.type(form.getByLabelText('Type your username, carmen, to confirm'), 'n');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ accountDeleted: true });
    expect(api.calls).toContainEqual({ method: 'DELETE', path: '/api/v1/me', body: { password: 'secret123' } });
  });

  it('shows a wrong password under its field and stays', async () => {
    stubApi({ ...noExport, 'DELETE /api/v1/me': fieldError(400, 'password', 'passwordIncorrect') });
    renderScreen(<AccountSettings user={testShopper} businessStatus={undefined} />, { route: '/profile' });
    const user = userEvent.setup();
    const form = section('delete-account');
    await user.type(form.getByLabelText(strings.password), 'wrongpass1');
    await user.type(form.getByLabelText('Type your username, carmen, to confirm'), 'carmen');
    await user.click(form.getByRole('button', { name: strings.deleteButton }));
    expect(await form.findByText(MESSAGES.passwordIncorrect)).toBeInTheDocument();
  });
});

describe('Close my business', () => {
  it('asks an owner whose business is open to close it first, and closes it after the confirmation', async () => {
    const api = stubApi({ ...noExport, 'POST /api/v1/vendors/me/close': { body: { data: {} } } });
    renderScreen(<AccountSettings user={testOwner} businessStatus="ACTIVE" />);
    const user = userEvent.setup();
    expect(screen.getByTestId('delete-account-blocked')).toHaveTextContent(strings.closeFirstTitle);
    expect(screen.queryByTestId('delete-account')).toBeNull();
    await user.click(section('close-business').getByRole('button', { name: strings.closeButton }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Crystal Palace Bar?' });
    expect(api.calls.some((call) => call.path === '/api/v1/vendors/me/close')).toBe(false);
    // The password is asked for, as deleting the account asks for it: without it nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: strings.closeConfirm }));
    expect(await within(dialog).findByText(MESSAGES.passwordIncorrect)).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/v1/vendors/me/close')).toBe(false);
    await user.type(within(dialog).getByLabelText(strings.password), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: strings.closeConfirm }));
    expect(await section('close-business').findByRole('status')).toHaveTextContent('Crystal Palace Bar is closed. Its offers have ended.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/vendors/me/close', body: { password: 'secret123' } });
  });

  it('shows a wrong password under its field in the dialog, which stays open', async () => {
    stubApi({ ...noExport, 'POST /api/v1/vendors/me/close': fieldError(400, 'password', 'passwordIncorrect') });
    renderScreen(<AccountSettings user={testOwner} businessStatus="ACTIVE" />);
    const user = userEvent.setup();
    await user.click(section('close-business').getByRole('button', { name: strings.closeButton }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Crystal Palace Bar?' });
    const password = within(dialog).getByLabelText(strings.password);
    await user.type(password, 'wrongpass1');
    await user.click(within(dialog).getByRole('button', { name: strings.closeConfirm }));
    expect(await within(dialog).findByText(MESSAGES.passwordIncorrect)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(section('close-business').queryByRole('status')).toBeNull();
  });

  it('lets an owner whose business is closed delete the account, and shows no close button', () => {
    stubApi(noExport);
    renderScreen(<AccountSettings user={testOwner} businessStatus="CLOSED" />);
    expect(screen.getByTestId('delete-account')).toBeInTheDocument();
    expect(screen.queryByTestId('delete-account-blocked')).toBeNull();
    expect(section('close-business').queryByRole('button', { name: strings.closeButton })).toBeNull();
  });

  it('shows a shopper neither the close section nor the owner’s export line', () => {
    stubApi(noExport);
    renderScreen(<AccountSettings user={testShopper} businessStatus={undefined} />);
    expect(screen.queryByTestId('close-business')).toBeNull();
    expect(screen.getByTestId('delete-account')).toBeInTheDocument();
  });
});

describe('Sign-in methods (issue 27)', () => {
  it('lists the linked identity, refuses removing the last way to sign in with the clear message, and offers a password', async () => {
    const lastWay = { statusCode: 409, error: 'Conflict', message: MESSAGES.lastSignInMethod, code: 'lastSignInMethod', params: {} };
    stubApi({
      'GET /api/v1/auth/oidc/identities': {
        body: { data: { hasPassword: false, provider: 'Google', identities: [{ id: 4, email: 'ana@example.com', createdAt: '2026-11-28T09:00:00Z', lastUsedAt: null }] } },
      },
      'DELETE /api/v1/auth/oidc/identities/4': { status: 409, body: lastWay },
    });
    renderScreen(<SignInMethodsSection />, { route: '/profile' });
    expect(await screen.findByText('Google · ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('No password set')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set a password' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.lastSignInMethod);
  });

  it('an account without a password confirms at its provider instead: no password fields, the button until confirmed, then the marker sent', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const identity = (lastUsedAt: string) => ({ id: 4, email: 'ana@example.com', createdAt: '2026-11-28T09:00:00Z', lastUsedAt });
    const methods = { hasPassword: false, provider: 'Google', identities: [identity(minutesAgo(6))] };
    const api = stubApi({
      'GET /api/v1/me/export': { body: { data: null } },
      'GET /api/v1/auth/oidc/identities': () => ({ body: { data: methods } }),
      'POST /api/v1/me/email': { body: { data: { pendingEmail: 'new@example.com' } } },
      'DELETE /api/v1/me': { status: 204 },
    });
    renderRoutes([
      { path: '/profile', element: <AccountSettings user={testShopper} businessStatus={undefined} /> },
      { path: '/login', element: <p>login screen</p> },
    ], { path: '/profile' });
    const user = userEvent.setup();
    // A sign-in six minutes old confirms nothing: each form offers the provider, and neither can be sent.
    const deletion = section('delete-account');
    expect(await deletion.findByRole('button', { name: 'Confirm with Google' })).toBeInTheDocument();
    expect(deletion.getByText(enAccount.oidc.confirmInstead.replace('{{provider}}', 'Google'))).toBeInTheDocument();
    expect(section('change-email').getByRole('button', { name: 'Confirm with Google' })).toBeInTheDocument();
    expect(deletion.queryByLabelText(strings.password)).toBeNull();
    expect(section('change-email').queryByLabelText(strings.password)).toBeNull();
    // Nothing to change: the first password is set under Sign-in methods.
    expect(screen.queryByTestId('change-password')).toBeNull();
    await user.type(deletion.getByLabelText('Type your username, carmen, to confirm'), 'carmen');
    expect(deletion.getByRole('button', { name: strings.deleteButton })).toBeDisabled();
    expect(section('change-email').getByRole('button', { name: strings.changeEmail })).toBeDisabled();

    // Back from the provider a minute ago: confirmed, and the API is sent the marker it ignores for such accounts.
    methods.identities = [identity(minutesAgo(1))];
    cleanup();
    renderRoutes([
      { path: '/profile', element: <AccountSettings user={testShopper} businessStatus={undefined} /> },
      { path: '/login', element: <p>login screen</p> },
    ], { path: '/profile' });
    const confirmed = enAccount.oidc.confirmedAtProvider.replace('{{provider}}', 'Google');
    expect(await section('change-email').findByText(confirmed)).toBeInTheDocument();
    await user.type(section('change-email').getByLabelText(strings.newEmail), 'new@example.com');
    await user.click(section('change-email').getByRole('button', { name: strings.changeEmail }));
    expect(await section('change-email').findByText(strings.emailLinkSent.replace('{{email}}', 'new@example.com'))).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/me/email', body: { email: 'new@example.com', password: PROVIDER_CONFIRMED_PASSWORD } });
    await user.type(section('delete-account').getByLabelText('Type your username, carmen, to confirm'), 'carmen');
    await user.click(section('delete-account').getByRole('button', { name: strings.deleteButton }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'DELETE', path: '/api/v1/me', body: { password: PROVIDER_CONFIRMED_PASSWORD } });
  });

  it('an owner without a password closes the business after confirming at the provider; a stale confirmation is refused in words', async () => {
    const reauth = { statusCode: 403, error: 'Forbidden', message: MESSAGES.reauthRequired, code: 'reauthRequired', params: {}, fieldErrors: { password: MESSAGES.reauthRequired }, fieldErrorCodes: { password: { code: 'reauthRequired', params: {} } } };
    stubApi({
      'GET /api/v1/me/export': { body: { data: null } },
      'GET /api/v1/auth/oidc/identities': {
        body: { data: { hasPassword: false, provider: 'Google', identities: [{ id: 4, email: 'ana@example.com', createdAt: '2026-11-28T09:00:00Z', lastUsedAt: new Date().toISOString() }] } },
      },
      'POST /api/v1/vendors/me/close': { status: 403, body: reauth },
    });
    renderScreen(<AccountSettings user={testOwner} businessStatus="ACTIVE" />);
    const user = userEvent.setup();
    await user.click(section('close-business').getByRole('button', { name: strings.closeButton }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Crystal Palace Bar?' });
    expect(within(dialog).queryByLabelText(strings.password)).toBeNull();
    expect(await within(dialog).findByText(enAccount.oidc.confirmedAtProvider.replace('{{provider}}', 'Google'))).toBeInTheDocument();
    // The API decides: its refusal (the device's clock ahead of the server's, say) is shown, not swallowed by a hidden field.
    await user.click(within(dialog).getByRole('button', { name: strings.closeConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.reauthRequired);
  });
});
