/**
 * The platform's console (/admin, issue 14): the headline figures, then one section at a time (?section= in the URL):
 * businesses to check, the reports queue, receipt disputes, suspicious activity (issue 24) and the action log. Anyone who is not an admin gets a
 * plain 'only for Qrib's administrators' page, as does anyone the API answers 403 adminOnly.
 */
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminOverview } from '../api/get-overview.ts';
import { ActionLog } from './action-log.tsx';
import { BusinessList } from './business-list.tsx';
import { OverviewFigures } from './overview-figures.tsx';
import { ReceiptDisputes } from './receipt-disputes.tsx';
import { ReportsQueue } from './reports-queue.tsx';
import { SuspiciousActivityQueue } from './suspicious-activity.tsx';
import '../../../lib/owner-strings.ts';

const SECTIONS = ['businesses', 'reports', 'disputes', 'suspicious', 'log'] as const;
type Section = (typeof SECTIONS)[number];

export function AdminOnly() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center" data-testid="admin-only">
      <ShieldAlert aria-hidden="true" className="mb-3 size-10 text-brand-700" />
      <h1 className="text-xl font-bold text-slate-900">{t('admin.notAllowedTitle')}</h1>
      <p className="mt-2 text-sm text-slate-700">{t('messages.adminOnly')}</p>
    </section>
  );
}

function isAdminOnlyError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

export function AdminConsole({ isAdmin }: { isAdmin: boolean }) {
  if (!isAdmin) return <AdminOnly />;
  return <AdminConsoleScreen />;
}

function AdminConsoleScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const section: Section = SECTIONS.find((name) => name === searchParams.get('section')) ?? 'businesses';
  const overview = useAdminOverview();
  if (overview.isError && isAdminOnlyError(overview.error)) return <AdminOnly />;

  return (
    <div className="mx-auto max-w-5xl">
      <header className="mb-5">
        <h1 className="text-2xl font-bold text-slate-900">{t('admin.title')}</h1>
        <p className="mt-1 text-slate-700">{t('admin.subtitle')}</p>
      </header>
      {overview.isPending ? <LoadingState /> : null}
      {overview.isError ? <ErrorState error={overview.error} /> : null}
      {overview.isSuccess ? <OverviewFigures overview={overview.data} /> : null}
      <nav aria-label={t('admin.sections')} className="mb-5 flex flex-wrap gap-2">
        {SECTIONS.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={name === section}
            onClick={() => setSearchParams({ section: name }, { replace: true })}
            className={`min-h-11 rounded-lg border px-4 py-1.5 text-sm font-semibold ${
              name === section ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
            }`}
          >
            {t(`admin.sectionNames.${name}`)}
          </button>
        ))}
      </nav>
      {section === 'businesses' ? <BusinessList /> : null}
      {section === 'reports' ? <ReportsQueue /> : null}
      {section === 'disputes' ? <ReceiptDisputes /> : null}
      {section === 'suspicious' ? <SuspiciousActivityQueue /> : null}
      {section === 'log' ? <ActionLog /> : null}
    </div>
  );
}
