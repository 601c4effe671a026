/**
 * Vendor-only screens: an account without a registered business gets a friendly way to register one; a member of a
 * business whose role lacks the screen's permission (issue 28 §4: the shared ROLE_PERMISSIONS, as `/auth/me` sends
 * them) is told it is not for their role. The API refuses the same requests; this only spares the person a dead end.
 */
import { Lock, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@qrib/shared/auth-schemas';
import type { Permission } from '@qrib/shared/staff-permissions';
import '../../lib/owner-strings.ts';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';

export function RegisterBusinessFirst() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center">
      <Store aria-hidden="true" className="mb-3 size-10 text-brand-700" />
      <h1 className="text-xl font-bold text-slate-900">{t('messages.registerBusinessFirst')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('vendor.registerFirstBody')}</p>
      <Link to={paths.vendorRegistration} className="inline-flex min-h-11 items-center mt-6 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        {t('vendor.registerNow')}
      </Link>
    </section>
  );
}

/** A member of a business on a screen their role does not include. */
export function NotForYourRole({ vendor }: { vendor: NonNullable<User['vendor']> }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center" data-testid="not-for-your-role">
      <Lock aria-hidden="true" className="mb-3 size-10 text-brand-700" />
      <h1 className="text-xl font-bold text-slate-900">{t('staff.notAllowedTitle')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('staff.notAllowedBody', { business: vendor.businessName })}</p>
      <Link to={paths.home} className="inline-flex min-h-11 items-center mt-6 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        {t('notFound.home')}
      </Link>
    </section>
  );
}

/** A business screen: rendered for a member whose role holds `permission`. */
export function RequireBusiness({ permission, children }: { permission: Permission; children: (vendor: NonNullable<User['vendor']>) => ReactNode }) {
  const me = useMe();
  const vendor = me.data?.vendor;
  if (!vendor) return <RegisterBusinessFirst />;
  if (!vendor.permissions.includes(permission)) return <NotForYourRole vendor={vendor} />;
  return children(vendor);
}
