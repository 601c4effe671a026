import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { NavLabelKey } from '../../config/navigation.tsx';

/** A screen that is not built yet: its title and an honest panel, inside the shell. */
export function ComingSoon({ screen, showHomeLink = true }: { screen: NavLabelKey; showHomeLink?: boolean }) {
  const { t } = useTranslation();
  const title = t(`nav.${screen}`);
  return (
    <section aria-labelledby="screen-title" className="mx-auto max-w-3xl">
      <h1 id="screen-title" className="mb-4 text-2xl font-bold text-slate-900">
        {title}
      </h1>
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <Construction aria-hidden="true" className="mb-3 size-10 text-amber-600" />
        <h2 className="text-lg font-semibold text-slate-900">{t('common.comingSoonTitle')}</h2>
        <p className="mt-2 max-w-md text-sm text-slate-600">{t('common.comingSoonBody', { screen: title })}</p>
        {showHomeLink ? (
          <Link to={paths.home} className="mt-6 text-sm font-semibold text-brand-700 underline">
            {t('common.backToHome')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
