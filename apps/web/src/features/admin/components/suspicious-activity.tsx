/**
 * The suspicious-activity queue (issue 24, ADR 016): each OPEN entry is a shop where new, unverified or same-network
 * accounts came in a burst, with the rule in words, the accounts and their events. Nothing of it counts until an
 * admin clears it (the items count again) or excludes it (the reviews removed, the purchases out of every figure),
 * always with the reason the shop reads.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_STARS_MAX, SUSPICIOUS_BURST_ACCOUNTS, SUSPICIOUS_BURST_WINDOW_MINUTES, type SuspiciousDecision } from '@qrib/shared/trust-constants';
import type { SuspiciousActivity } from '@qrib/shared/trust-schemas';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { formatMaltaDateTime } from '../../../lib/format.ts';
import { useDecideSuspiciousActivity } from '../api/decide-suspicious-activity.ts';
import { useSuspiciousActivity } from '../api/get-suspicious-activity.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import '../../../lib/owner-strings.ts';
import '../../../lib/trust-strings.ts';

/** The rule's figures as the entry recorded them, else today's. */
function ruleFigure(params: SuspiciousActivity['ruleParams'], name: string, fallback: number): number {
  const value = Number(params[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function SuspiciousEntry({ entry }: { entry: SuspiciousActivity }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const decide = useDecideSuspiciousActivity();
  const [asking, setAsking] = useState<SuspiciousDecision | null>(null);
  const business = entry.businessName;
  const dateTime = (iso: string) => formatMaltaDateTime(iso, i18n.language);

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="admin-suspicious">
      <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
        {business}
      </h3>
      <p className="text-sm font-medium text-slate-800">
        {t(`ownerEvidence.rules.${entry.ruleCode}`, {
          accounts: ruleFigure(entry.ruleParams, 'minAccounts', SUSPICIOUS_BURST_ACCOUNTS),
          minutes: ruleFigure(entry.ruleParams, 'windowMinutes', SUSPICIOUS_BURST_WINDOW_MINUTES),
        })}
      </p>
      <p className="text-xs text-slate-600">{t('ownerEvidence.detectedOn', { date: dateTime(entry.detectedAt) })}</p>

      <h4 className="mt-4 text-sm font-semibold text-slate-800">{t('ownerEvidence.accountsHeading')}</h4>
      <ul className="mt-1 space-y-1 text-sm text-slate-800" data-testid="suspicious-accounts">
        {entry.accounts.map((account) => (
          <li key={account.userId} className="break-words">
            <bdi className="font-semibold">{account.username}</bdi> · {t('ownerEvidence.accountCreated', { date: dateTime(account.createdAt) })} ·{' '}
            {account.emailVerified ? t('ownerEvidence.emailVerified') : t('ownerEvidence.emailNotVerified')}
            {account.sameNetwork ? <> · {t('ownerEvidence.sameNetwork')}</> : null}
          </li>
        ))}
      </ul>

      <h4 className="mt-4 text-sm font-semibold text-slate-800">{t('ownerEvidence.eventsHeading')}</h4>
      <ul className="mt-1 space-y-1 text-sm text-slate-800" data-testid="suspicious-events">
        {entry.events.map((event) => (
          <li key={`${event.kind}-${event.itemId}`} className="break-words">
            {t(`ownerEvidence.eventKinds.${event.kind}`)} · <bdi>{event.username}</bdi> · {dateTime(event.occurredAt)}
            {event.stars === null ? null : <> · {t('trust.starsLabel', { stars: event.stars, max: REVIEW_STARS_MAX })}</>}
          </li>
        ))}
      </ul>

      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={() => setAsking('CLEAR')} aria-label={t('ownerEvidence.clearLabel', { business })}>
          {t('ownerEvidence.clear')}
        </Button>
        <Button variant="secondary" onClick={() => setAsking('EXCLUDE')} aria-label={t('ownerEvidence.excludeLabel', { business })}>
          {t('ownerEvidence.exclude')}
        </Button>
      </div>
      {asking ? (
        <ReasonDialog
          title={asking === 'CLEAR' ? t('ownerEvidence.clearTitle') : t('ownerEvidence.excludeTitle')}
          submitLabel={asking === 'CLEAR' ? t('ownerEvidence.clear') : t('ownerEvidence.exclude')}
          isPending={decide.isPending}
          error={decide.error}
          onSubmit={(reason) => decide.mutate({ id: entry.id, decision: asking, reason }, { onSuccess: () => setAsking(null) })}
          onClose={() => {
            setAsking(null);
            decide.reset();
          }}
        />
      ) : null}
    </article>
  );
}

export function SuspiciousActivityQueue() {
  const { t } = useTranslation();
  const entries = useSuspiciousActivity('OPEN');
  let body;
  if (entries.isPending) body = <LoadingState />;
  else if (entries.isError) body = <ErrorState error={entries.error} />;
  else if (entries.data.length === 0) body = <EmptyState message={t('ownerEvidence.noSuspicious')} />;
  else {
    body = (
      <div className="space-y-4">
        {entries.data.map((entry) => (
          <SuspiciousEntry key={entry.id} entry={entry} />
        ))}
      </div>
    );
  }
  return (
    <section aria-labelledby="admin-suspicious">
      <h2 id="admin-suspicious" className="mb-1 text-xl font-bold text-slate-900">
        {t('ownerEvidence.suspiciousTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('ownerEvidence.suspiciousIntro')}</p>
      {body}
    </section>
  );
}
