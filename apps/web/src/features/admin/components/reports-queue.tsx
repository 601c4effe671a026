/**
 * The reports queue: one card per reported item (offer, shop, review) with every open report's reason, words and
 * reporter, a link to the item, and Keep / Remove. Removing asks for the statement of reasons the business or
 * reviewer receives (Digital Services Act Art. 17); keeping may say why.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReportedItem } from '@qrib/shared/trust-schemas';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { paths } from '../../../config/paths.ts';
import { formatMaltaDateTime } from '../../../lib/format.ts';
import { translateError } from '../../../lib/i18n.ts';
import { useDecideReport } from '../api/decide-report.ts';
import { useReportedItems } from '../api/get-reports.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import '../../../lib/owner-strings.ts';
// The report reasons' words are the ones the Report form offers.
import '../../../lib/trust-strings.ts';

/** Where the item is seen: an offer's page, or the shop page (of the shop itself, or of the reviewed shop). */
export function reportedItemPath(item: Pick<ReportedItem, 'kind' | 'itemId' | 'vendorId'>): string | null {
  if (item.kind === 'OFFER') return paths.viewOffer(item.itemId);
  if (item.kind === 'VENDOR') return paths.shop(item.itemId);
  return item.vendorId === null ? null : paths.shop(item.vendorId);
}

function ReportedItemCard({ item }: { item: ReportedItem }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const decide = useDecideReport();
  const [asking, setAsking] = useState<'KEPT' | 'REMOVED' | null>(null);
  const href = reportedItemPath(item);
  const kind = t(`admin.kinds.${item.kind}`);
  // A review's item title is its shop's name: 'Remove the review of …', never what reads as removing the shop.
  const title = item.kind === 'REVIEW' ? t('admin.reviewOf', { title: item.title }) : item.title;

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="admin-report">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {kind} · {t('admin.reportCount', { count: item.reportCount })}
      </p>
      <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900 first-letter:uppercase">
        {title}
      </h3>
      {item.excerpt ? <p className="mt-1 text-sm break-words text-slate-700">{item.excerpt}</p> : null}
      {href ? (
        <Link to={href} className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline">
          {t('admin.openItem', { title })}
        </Link>
      ) : null}
      <ul className="mt-3 space-y-2">
        {item.reports.map((report) => (
          <li key={report.reportId} className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
            <p className="font-semibold">{t(`trust.reasons.${report.reason}`)}</p>
            {report.text ? <p className="break-words">{report.text}</p> : null}
            <p className="text-xs text-slate-600">
              {t('admin.reportedBy', { username: report.reporter.formerShopper ? t('trust.formerShopper') : report.reporter.username, date: formatMaltaDateTime(report.createdAt, i18n.language) })}
            </p>
          </li>
        ))}
      </ul>
      {!asking && decide.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {translateError(t, decide.error)}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => setAsking('KEPT')} aria-label={t('admin.keepLabel', { title })}>
          {t('admin.keep')}
        </Button>
        <Button onClick={() => setAsking('REMOVED')} aria-label={t('admin.removeLabel', { title })}>
          {t('admin.remove')}
        </Button>
      </div>
      {asking ? (
        <ReasonDialog
          title={asking === 'REMOVED' ? t('admin.removeLabel', { title }) : t('admin.keepLabel', { title })}
          submitLabel={asking === 'REMOVED' ? t('admin.remove') : t('admin.keep')}
          required={asking === 'REMOVED'}
          isPending={decide.isPending}
          error={decide.error}
          onSubmit={(reason) =>
            decide.mutate({ kind: item.kind, itemId: item.itemId, outcome: asking, reason: reason === '' ? undefined : reason }, { onSuccess: () => setAsking(null) })
          }
          onClose={() => {
            setAsking(null);
            decide.reset();
          }}
        />
      ) : null}
    </article>
  );
}

export function ReportsQueue() {
  const { t } = useTranslation();
  const reports = useReportedItems();
  let body;
  if (reports.isPending) body = <LoadingState />;
  else if (reports.isError) body = <ErrorState error={reports.error} />;
  else if (reports.data.length === 0) body = <EmptyState message={t('admin.noReports')} />;
  else {
    body = (
      <div className="space-y-4">
        {reports.data.map((item) => (
          <ReportedItemCard key={`${item.kind}-${item.itemId}`} item={item} />
        ))}
      </div>
    );
  }
  return (
    <section aria-labelledby="admin-reports">
      <h2 id="admin-reports" className="mb-3 text-xl font-bold text-slate-900">
        {t('admin.reports')}
      </h2>
      {body}
    </section>
  );
}
