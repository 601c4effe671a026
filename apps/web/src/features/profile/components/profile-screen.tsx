/**
 * Profile (spec §2.4): avatar, name, role (Vendor when the account owns a business, else Shopper), email,
 * phone and last login, with the name and phone editable (the sign-up rules) and the two preferences,
 * Email Notifications and Dark Mode, saved on the account.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Phone, Clock, Store } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '@qrib/shared/auth-schemas';
import { profileFormSchema, type ProfileForm } from '@qrib/shared/me-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
// The profile's strings come with this screen (en-account.ts), not with the first load.
import '../../../lib/account-strings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { ApiError, isConnectionFailure } from '../../../lib/api-client.ts';
import { asyncHandler } from '../../../lib/async-handler.ts';
import { applyRequestError } from '../../../lib/form-errors.ts';
import { formatMaltaDateTime } from '../../../lib/format.ts';
import { initialsOf } from '../../../lib/initials.ts';
import { isDarkInUse, useSystemDark } from '../../../lib/theme.ts';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useLogoutAll } from '../api/logout-all.ts';
import { useUpdatePreference, useUpdateProfile, type ProfilePreference } from '../api/update-me.ts';
import '../../../lib/owner-strings.ts';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="py-3">
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        <span aria-hidden="true">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 ps-7 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Issue 28 §4: a business's staff are shown with their role there (the owner keeps the spec's 'Vendor'). */
const STAFF_ROLE_KEY = { MANAGER: 'staff.roleManager', CASHIER: 'staff.roleCashier' } as const;

function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const isVendor = user.vendor !== null;
  return (
    <section aria-labelledby="profile-name" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white"
          data-testid="profile-avatar"
        >
          {initialsOf(user.name)}
        </span>
        <div className="min-w-0">
          <h2 id="profile-name" className="truncate text-xl font-bold text-slate-900" data-testid="profile-name">
            {user.name}
          </h2>
          <p className="text-sm text-slate-700">
            <span className="sr-only">{t('profile.role')}: </span>
            <span className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800" data-testid="profile-role">
              {user.vendor && user.vendor.role !== 'OWNER' ? t(STAFF_ROLE_KEY[user.vendor.role]) : isVendor ? t('profile.roleVendor') : t('profile.roleShopper')}
            </span>
          </p>
        </div>
      </div>
      <dl className="mt-4 divide-y divide-slate-200 border-t border-slate-200">
        {user.vendor ? (
          <Fact icon={<Store className="size-5" />} label={t('profile.business')}>
            {user.vendor.businessName}
          </Fact>
        ) : null}
        <Fact icon={<Mail className="size-5" />} label={t('profile.email')}>
          <span data-testid="profile-email">{user.email}</span>
        </Fact>
        <Fact icon={<Phone className="size-5" />} label={t('profile.phone')}>
          <span data-testid="profile-phone" dir="ltr">
            {user.phone}
          </span>
        </Fact>
        <Fact icon={<Clock className="size-5" />} label={t('profile.lastLogin')}>
          <span data-testid="profile-last-login">
            {user.lastLoginAt
              ? t('profile.lastLoginValue', { time: formatMaltaDateTime(user.lastLoginAt, i18n.language) })
              : t('profile.neverLoggedIn')}
          </span>
        </Fact>
      </dl>
    </section>
  );
}

function EditProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user.name, phone: user.phone },
  });

  const onSubmit = handleSubmit(async (form) => {
    setResult(null);
    try {
      await update.mutateAsync(form);
      setResult({ tone: 'success', text: t('profile.saved') });
    } catch (error) {
      const message = applyRequestError(t, error, setError, ['name', 'phone'], '');
      // A refusal from the server says why, no answer says 'No connection', an unexpected failure gets the general message.
      const isExplained = error instanceof ApiError && error.reason === 'http' && error.status < 500 && message !== '';
      setResult({ tone: 'error', text: isExplained || isConnectionFailure(error) ? message : t('profile.saveFailed') });
    }
  });

  return (
    <section aria-labelledby="profile-edit" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="profile-edit" className="text-lg font-semibold text-slate-900">
        {t('profile.editTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profile.editHint')}</p>
      <form onSubmit={asyncHandler(onSubmit)} noValidate className="mt-4 space-y-4">
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <FormTextField label={t('auth.name')} autoComplete="name" error={errors.name} {...register('name')} />
        <FormTextField label={t('auth.phone')} type="tel" autoComplete="tel" dir="ltr" error={errors.phone} {...register('phone')} />
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? t('profile.saving') : t('profile.save')}
        </Button>
      </form>
    </section>
  );
}

function PreferenceSwitch({ user, preference, label, hint }: { user: User; preference: ProfilePreference; label: string; hint: string }) {
  const { t } = useTranslation();
  const update = useUpdatePreference();
  const systemDark = useSystemDark();
  const failed = update.isError && update.variables.key === preference;
  // Dark Mode shows what is in use: the device's setting until the person chooses (DESIGN.md §5), and says so.
  const followsDevice = preference === 'darkMode' && user.preferences.darkMode === null;
  return (
    <div className="space-y-2 py-4">
      <Switch
        label={label}
        hint={followsDevice ? `${hint} ${t('looks.darkModeFollowsDevice')}` : hint}
        checked={preference === 'darkMode' ? isDarkInUse(user.preferences.darkMode, systemDark) : user.preferences.emailNotifications}
        onChange={(value) => update.mutate({ key: preference, value })}
        onText={t('profile.on')}
        offText={t('profile.off')}
        testId={`preference-${preference}`}
      />
      {failed ? <Alert>{t('profile.preferenceFailed')}</Alert> : null}
    </div>
  );
}

/** 'Log out everywhere': ends every session of the account (a lost phone, a shared computer), then the login page. */
function SessionsSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logoutAll = useLogoutAll();
  return (
    <section aria-labelledby="profile-sessions" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="profile-sessions" className="text-lg font-semibold text-slate-900">
        {t('profile.sessionsTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profile.logoutEverywhereHint')}</p>
      {logoutAll.isError ? (
        <div className="mt-3">
          <Alert>{t('profile.logoutEverywhereFailed')}</Alert>
        </div>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        className="mt-4 w-full sm:w-auto"
        disabled={logoutAll.isPending}
        data-testid="logout-everywhere"
        onClick={() =>
          logoutAll.mutate(undefined, {
            onSuccess: () => void navigate(paths.login, { replace: true }),
          })
        }
      >
        {logoutAll.isPending ? t('profile.loggingOutEverywhere') : t('profile.logoutEverywhere')}
      </Button>
    </section>
  );
}

/**
 * `children`: the sections the route adds after the profile's own (the account settings); `notice`: what the route
 * puts first, under the title (the unverified address's detail, issue 27); `afterPreferences`: a section the route
 * puts under the preferences (the push settings, issue 29 §1).
 */
export function ProfileScreen({ user, notice, afterPreferences, children }: { user: User; notice?: ReactNode; afterPreferences?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('nav.profile')}</h1>
      {notice}
      <ProfileCard user={user} />
      <section aria-labelledby="profile-preferences" className="rounded-2xl border border-slate-200 bg-white px-5 pt-5 pb-1 shadow-sm">
        <h2 id="profile-preferences" className="text-lg font-semibold text-slate-900">
          {t('profile.preferences')}
        </h2>
        <div className="divide-y divide-slate-200">
          <PreferenceSwitch
            user={user}
            preference="emailNotifications"
            label={t('profile.emailNotifications')}
            hint={t('profile.emailNotificationsHint')}
          />
          <PreferenceSwitch user={user} preference="darkMode" label={t('profile.darkMode')} hint={t('profile.darkModeHint')} />
        </div>
      </section>
      {afterPreferences}
      <EditProfileForm key={user.id} user={user} />
      <SessionsSection />
      {children}
    </div>
  );
}
