/**
 * Issue 28: the dashboard of a business waiting for Qrib's check says what happens next and what the owner can do
 * meanwhile, instead of a page of empty figures.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import '../../../lib/owner-strings.ts';

export function PendingNextSteps() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="pending-next" className="rounded-2xl border border-slate-200 bg-white p-6" data-testid="pending-next">
      <h2 id="pending-next" className="text-lg font-semibold text-slate-900">
        {t('pendingNext.title')}
      </h2>
      <ol className="mt-3 list-decimal space-y-2 ps-5 text-slate-700">
        <li>{t('pendingNext.check')}</li>
        <li>{t('pendingNext.prepare')}</li>
      </ol>
      <Link to={paths.addOffer} className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        {t('pendingNext.prepareOffer')}
      </Link>
    </section>
  );
}
