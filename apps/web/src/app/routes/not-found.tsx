import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

/** Spec §2.4: '404', 'Page Not Found', 'Go to Home'. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center py-16 text-center">
      <p className="text-6xl font-bold text-brand-700">{t('notFound.code')}</p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{t('notFound.title')}</h1>
      <Link to={paths.home} className="inline-flex min-h-11 items-center mt-6 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
