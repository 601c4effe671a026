/** The log of admin actions, newest first: who did what, to which item, why and when; more pages on request. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { formatMaltaDateTime } from '../../../lib/format.ts';
import { useAdminActions } from '../api/get-actions.ts';
import '../../../lib/owner-strings.ts';
import '../../../lib/trust-strings.ts';

export function ActionLog() {
  const { t, i18n } = useTranslation();
  const actions = useAdminActions();
  let body;
  if (actions.isPending) body = <LoadingState />;
  else if (actions.isError) body = <ErrorState error={actions.error} />;
  else {
    const entries = actions.data.pages.flatMap((page) => page.data);
    body =
      entries.length === 0 ? (
        <EmptyState message={t('admin.noActions')} />
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {entries.map((entry) => (
              <li key={entry.actionId} className="px-4 py-3 text-sm text-slate-800" data-testid="admin-action">
                <p>
                  <span className="font-semibold">{!entry.admin ? t('admin.deletedAccount') : entry.admin.formerShopper ? t('trust.formerShopper') : entry.admin.username}</span> · {t(`admin.actions.${entry.action}`)} ·{' '}
                  {t('admin.item', { kind: t(`admin.itemKinds.${entry.itemKind}`), id: entry.itemId })}
                </p>
                {entry.reason ? <p className="break-words">{t('admin.reasonGiven', { reason: entry.reason })}</p> : null}
                <p className="text-xs text-slate-600">{formatMaltaDateTime(entry.createdAt, i18n.language)}</p>
              </li>
            ))}
          </ul>
          {actions.hasNextPage ? (
            <Button variant="secondary" className="mt-3" onClick={() => void actions.fetchNextPage()} disabled={actions.isFetchingNextPage}>
              {actions.isFetchingNextPage ? t('messages.loadingEllipsis') : t('admin.more')}
            </Button>
          ) : null}
        </>
      );
  }
  return (
    <section aria-labelledby="admin-log">
      <h2 id="admin-log" className="mb-3 text-xl font-bold text-slate-900">
        {t('admin.log')}
      </h2>
      {body}
    </section>
  );
}
