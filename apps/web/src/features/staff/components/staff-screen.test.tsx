import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { MESSAGES } from '@qrib/shared/messages';
import type { StaffList } from '@qrib/shared/staff';
import { stubApi } from '../../../testing/api-stub.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { StaffInvitation } from './staff-invitation.tsx';
import { StaffScreen } from './staff-screen.tsx';

const en = catalogs.en.staff;
const list = (overrides: Partial<StaffList> = {}): StaffList => ({
  members: [
    { userId: 2, name: 'Joseph Borg', username: 'joseph', email: 'joseph@example.com', role: 'OWNER', addedAt: '2026-11-01T10:00:00.000Z', addedByName: 'Joseph Borg' },
    { userId: 9, name: 'Karl Grech', username: 'karl', email: 'karl@example.com', role: 'CASHIER', addedAt: '2026-11-20T10:00:00.000Z', addedByName: 'Joseph Borg' },
  ],
  invitations: [{ id: 4, email: 'rita@example.com', role: 'MANAGER', createdAt: '2026-11-27T10:00:00.000Z', expiresAt: '2026-12-04T10:00:00.000Z', invitedByName: 'Joseph Borg' }],
  ...overrides,
});

describe('StaffScreen (issue 28 §4)', () => {
  it('lists the people (the owner fixed) and open invitations, and invites by e-mail with the chosen role', async () => {
    const api = stubApi({
      'GET /api/v1/vendors/me/staff': { body: { data: list() } },
      'POST /api/v1/vendors/me/staff/invitations': (call) => ({
        status: 201,
        body: { data: { id: 5, email: (call.body as { email: string }).email, role: 'MANAGER', createdAt: '', expiresAt: '', invitedByName: 'Joseph Borg' } },
      }),
    });
    renderScreen(<StaffScreen />, { route: '/staff' });
    const members = await screen.findAllByTestId('staff-member');
    expect(members).toHaveLength(2);
    // The owner's row has no role select and no Remove; the cashier's has both.
    expect(within(members[0] as HTMLElement).queryByRole('combobox')).toBeNull();
    expect(within(members[0] as HTMLElement).getByText(en.roleOwner)).toBeInTheDocument();
    expect(within(members[1] as HTMLElement).getByRole('combobox', { name: 'Role of Karl Grech' })).toHaveValue('CASHIER');
    expect(screen.getByTestId('staff-invitation')).toHaveTextContent('rita@example.com');

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: en.email }), ' new.manager@example.com ');
    await user.click(screen.getByRole('radio', { name: new RegExp(en.roleManager) }));
    await user.click(screen.getByRole('button', { name: en.invite }));
    expect(await screen.findByText('Invitation sent to new.manager@example.com. The link works for 7 days.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'new.manager@example.com', role: 'MANAGER' });
  });

  it('shows the API’s refusal under the e-mail field, in the reader’s words', async () => {
    stubApi({
      'GET /api/v1/vendors/me/staff': { body: { data: list({ invitations: [] }) } },
      'POST /api/v1/vendors/me/staff/invitations': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', code: 'staffAlreadyMember', params: {}, message: MESSAGES.staffAlreadyMember, fieldErrors: { email: MESSAGES.staffAlreadyMember }, fieldErrorCodes: { email: { code: 'staffAlreadyMember', params: {} } } },
      },
    });
    renderScreen(<StaffScreen />, { route: '/staff' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: en.email }), 'joseph@example.com');
    await user.click(screen.getByRole('button', { name: en.invite }));
    expect(await screen.findByText(MESSAGES.staffAlreadyMember)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: en.email })).toHaveAttribute('aria-invalid', 'true');
  });

  it('removes a member only after the confirmation', async () => {
    const api = stubApi({
      'GET /api/v1/vendors/me/staff': { body: { data: list() } },
      'DELETE /api/v1/vendors/me/staff/9': { status: 204 },
    });
    renderScreen(<StaffScreen />, { route: '/staff' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `${en.remove}: Karl Grech` }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: en.removeYes }));
    expect(await screen.findByText('Karl Grech was removed.')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/v1/vendors/me/staff/9']);
  });
});

describe('StaffInvitation: the mailed link', () => {
  it('signed out: leads to login and sign-up that come back to the link', () => {
    stubApi({});
    renderScreen(<StaffInvitation token="abc" signedIn={false} />, { route: '/staff-invitation' });
    const back = encodeURIComponent('/staff-invitation?token=abc');
    expect(screen.getByRole('link', { name: en.login })).toHaveAttribute('href', `/login?next=${back}`);
    expect(screen.getByRole('link', { name: en.signup })).toHaveAttribute('href', `/signup?next=${back}`);
  });

  it('signed in: joins, then offers the till to a cashier; a refusal is said in words', async () => {
    let answer = 0;
    stubApi({
      'POST /api/v1/staff-invitations/accept': () =>
        (answer += 1) === 1
          ? { status: 403, body: { statusCode: 403, error: 'Forbidden', code: 'staffInvitationOtherAddress', params: {}, message: MESSAGES.staffInvitationOtherAddress } }
          : { body: { data: { vendorId: 3, businessName: 'Crystal Palace Bar', role: 'CASHIER', permissions: ['redeem'] } } },
    });
    renderScreen(<StaffInvitation token="abc" signedIn />, { route: '/staff-invitation' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.accept }));
    expect(await screen.findByText(MESSAGES.staffInvitationOtherAddress)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.accept }));
    expect(await screen.findByText('You joined Crystal Palace Bar as Cashier.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.openTill })).toBeInTheDocument();
  });

  it('without a token says the mail’s link is needed', () => {
    stubApi({});
    renderScreen(<StaffInvitation token={null} signedIn />, { route: '/staff-invitation' });
    expect(screen.getByText(en.missingToken)).toBeInTheDocument();
  });
});
