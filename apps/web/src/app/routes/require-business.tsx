/** Vendor-only screens: an account without a registered business gets a friendly way to register one. */
import { Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@qrib/shared/auth-schemas';
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

export function RequireBusiness({ children }: { children: (vendor: NonNullable<User['vendor']>) => ReactNode }) {
  const me = useMe();
  const vendor = me.data?.vendor;
  if (!vendor) return <RegisterBusinessFirst />;
  return children(vendor);
}
