/**
 * The owner's Staff screen (/staff, issue 28 §4): invite a person by e-mail as a manager or a cashier, see who joined,
 * change a role, remove someone, withdraw an open invitation. The API decides (and refuses anyone but the owner).
 */
import { Trash2, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { INVITABLE_ROLES, type InvitableRole, type StaffInvitation, type StaffMember } from '@qrib/shared/staff';
import type { StaffRole } from '@qrib/shared/staff-permissions';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { controlClass } from '../../../components/ui/field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMaltaDay } from '../../../lib/format.ts';
import { translateCode, translateError } from '../../../lib/i18n.ts';
import { useChangeStaffRole, useInviteStaff, useRemoveStaffMember, useStaff, useWithdrawInvitation } from '../api/staff.ts';
import '../../../lib/owner-strings.ts';

const ROLE_KEY = { OWNER: 'staff.roleOwner', MANAGER: 'staff.roleManager', CASHIER: 'staff.roleCashier' } as const;
const HINT_KEY = { MANAGER: 'staff.managerHint', CASHIER: 'staff.cashierHint' } as const;

export function roleLabel(t: TFunction, role: StaffRole): string {
  return t(ROLE_KEY[role]);
}

type Notice = { tone: 'info' | 'error'; text: string } | null;

function InviteForm({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('CASHIER');
  const [errors, setErrors] = useState<{ email?: string; role?: string }>({});
  const headingId = useId();
  const roleId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onNotice(null);
    setErrors({});
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (sent) => {
          setEmail('');
          onNotice({ tone: 'info', text: t('staff.invited', { email: sent.email }) });
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrorCodes : {};
          const next = {
            ...(fields.email ? { email: translateCode(t, fields.email) } : {}),
            ...(fields.role ? { role: translateCode(t, fields.role) } : {}),
          };
          setErrors(next);
          if (!next.email && !next.role) onNotice({ tone: 'error', text: translateError(t, error) });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('staff.inviteTitle')}
      </h2>
      <TextField label={t('staff.email')} type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} required />
      <fieldset aria-describedby={errors.role ? `${roleId}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('staff.role')}</legend>
        <div className="space-y-2">
          {INVITABLE_ROLES.map((option) => (
            <label key={option} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3">
              <input type="radio" name={`${roleId}-role`} value={option} checked={role === option} onChange={() => setRole(option)} className="mt-1 size-4 accent-brand-700" />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{t(ROLE_KEY[option])}</span>
                <span className="block text-sm text-slate-600">{t(HINT_KEY[option])}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.role ? (
          <p id={`${roleId}-error`} className="mt-1 text-sm text-red-700">
            {errors.role}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={invite.isPending}>
        <UserPlus aria-hidden="true" className="size-4" />
        {invite.isPending ? t('staff.inviting') : t('staff.invite')}
      </Button>
    </form>
  );
}

function MemberRow({ member, onNotice }: { member: StaffMember; onNotice: (notice: Notice) => void }) {
  const { t, i18n } = useTranslation();
  const changeRole = useChangeStaffRole();
  const remove = useRemoveStaffMember();
  const [confirming, setConfirming] = useState(false);
  const selectId = useId();
  const name = member.name || member.username;
  const isOwner = member.role === 'OWNER';

  const onRole = (role: InvitableRole) => {
    onNotice(null);
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: (changed) => onNotice({ tone: 'info', text: t('staff.roleChanged', { name, role: roleLabel(t, changed.role) }) }),
        onError: (error) => onNotice({ tone: 'error', text: translateError(t, error) }),
      },
    );
  };
  const onRemove = () => {
    onNotice(null);
    remove.mutate(member.userId, {
      onSuccess: () => onNotice({ tone: 'info', text: t('staff.removed', { name }) }),
      onError: (error) => onNotice({ tone: 'error', text: translateError(t, error) }),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="staff-member">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-slate-900">{name}</p>
        <p className="text-sm break-all text-slate-600">{member.email}</p>
        <p className="text-xs text-slate-500">{t('staff.joinedOn', { date: formatMaltaDay(member.addedAt, i18n.language) })}</p>
      </div>
      {isOwner ? (
        <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{t('staff.roleOwner')}</span>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            {t('staff.changeRole', { name })}
          </label>
          <select
            id={selectId}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => onRole(event.target.value as InvitableRole)}
            className={`${controlClass(false)} w-auto`}
          >
            {INVITABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {t(ROLE_KEY[option])}
              </option>
            ))}
          </select>
          {confirming ? null : (
            <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`${t('staff.remove')}: ${name}`}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('staff.remove')}
            </Button>
          )}
        </div>
      )}
      {confirming ? (
        <div role="group" aria-label={t('staff.removeConfirm', { name })} className="w-full rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="text-sm text-red-900">{t('staff.removeConfirm', { name })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button disabled={remove.isPending} onClick={onRemove}>
              {t('staff.removeYes')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('staff.removeCancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function InvitationRow({ invitation, onNotice }: { invitation: StaffInvitation; onNotice: (notice: Notice) => void }) {
  const { t, i18n } = useTranslation();
  const withdraw = useWithdrawInvitation();
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="staff-invitation">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-all text-slate-900">{invitation.email}</p>
        <p className="text-sm text-slate-600">
          {t(ROLE_KEY[invitation.role])} · {t('staff.expires', { date: formatMaltaDay(invitation.expiresAt, i18n.language) })}
        </p>
      </div>
      <Button
        variant="secondary"
        disabled={withdraw.isPending}
        aria-label={`${t('staff.withdraw')}: ${invitation.email}`}
        onClick={() =>
          withdraw.mutate(invitation.id, {
            onSuccess: () => onNotice({ tone: 'info', text: t('staff.withdrawn', { email: invitation.email }) }),
            onError: (error) => onNotice({ tone: 'error', text: translateError(t, error) }),
          })
        }
      >
        {t('staff.withdraw')}
      </Button>
    </li>
  );
}

export function StaffScreen() {
  const { t } = useTranslation();
  const staff = useStaff();
  const [notice, setNotice] = useState<Notice>(null);
  const membersId = useId();
  const invitationsId = useId();

  let members;
  if (staff.isPending) members = <LoadingState />;
  else if (staff.isError) members = <ErrorState error={staff.error} />;
  else {
    const list = staff.data;
    members = (
      <>
        <section aria-labelledby={membersId} className="space-y-3">
          <h2 id={membersId} className="text-lg font-semibold text-slate-900">
            {t('staff.membersTitle')}
          </h2>
          <ul aria-labelledby={membersId} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {list.members.map((member) => (
              <MemberRow key={member.userId} member={member} onNotice={setNotice} />
            ))}
          </ul>
          {list.members.length <= 1 ? <EmptyState message={t('staff.noStaff')} compact /> : null}
        </section>
        {list.invitations.length > 0 ? (
          <section aria-labelledby={invitationsId} className="space-y-3">
            <h2 id={invitationsId} className="text-lg font-semibold text-slate-900">
              {t('staff.invitationsTitle')}
            </h2>
            <ul aria-labelledby={invitationsId} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {list.invitations.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} onNotice={setNotice} />
              ))}
            </ul>
          </section>
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('staff.title')}</h1>
        <p className="mt-1 text-slate-600">{t('staff.intro')}</p>
      </header>
      <InviteForm onNotice={setNotice} />
      {notice ? (
        <Alert tone={notice.tone}>
          <span>{notice.text}</span>
        </Alert>
      ) : null}
      {members}
    </div>
  );
}
