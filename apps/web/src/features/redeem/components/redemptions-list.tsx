/**
 * The shop's redemptions of one Malta day (today unless another day is chosen), newest first, each with who redeemed it
 * and Undo while it may. A cashier's list (issue 28 §4) has no day picker and Undo only on their own.
 */
import { Undo2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClaimCode } from '@qrib/shared/claim-constants';
import type { Redemption } from '@qrib/shared/claim-schemas';
import { EARLIEST_DATE } from '@qrib/shared/malta-time';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { controlClass } from '../../../components/ui/field.tsx';
import { formatMaltaTime } from '../../../lib/format.ts';
import { useRedemptions } from '../api/get-redemptions.ts';
import { useStillBefore } from './use-still-before.ts';
import '../../../lib/owner-strings.ts';
import '../../../lib/stamp-strings.ts';

function RedemptionRow({
  redemption,
  undoing,
  onUndo,
  mayUndo,
}: {
  redemption: Redemption;
  undoing: boolean;
  onUndo: (redemption: Redemption) => void;
  mayUndo: boolean;
}) {
  const { t, i18n } = useTranslation();
  const canUndo = useStillBefore(redemption.undoUntil) && mayUndo;
  const code = formatClaimCode(redemption.code);
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <div className="flex min-w-0 flex-1 flex-col gap-x-4 gap-y-0.5 sm:flex-row sm:items-center">
        <span className="flex shrink-0 gap-x-4">
          <span className="font-semibold text-slate-900 tabular-nums sm:w-20">{formatMaltaTime(redemption.redeemedAt, i18n.language)}</span>
          <span className="font-mono tracking-wider text-slate-900">{code}</span>
        </span>
        <span className="min-w-0 break-words text-slate-700">
          <bdi>{redemption.kind === 'REWARD' ? t('stampTill.reward', { reward: redemption.rewardText ?? redemption.offerTitle }) : redemption.offerTitle}</bdi>
          {redemption.redeemedByName ? <span className="block text-sm text-slate-500">{t('staff.redeemedBy', { name: redemption.redeemedByName })}</span> : null}
        </span>
      </div>
      {canUndo ? (
        <Button variant="secondary" className="py-1.5" disabled={undoing} onClick={() => onUndo(redemption)} aria-label={t('redeem.undoFor', { code })}>
          <Undo2 aria-hidden="true" className="size-4" />
          {t('redeem.undo')}
        </Button>
      ) : null}
    </li>
  );
}

export function RedemptionsList({
  date,
  today,
  onDateChange,
  undoing,
  onUndo,
  undoesOnlyOf = null,
}: {
  date: string;
  today: string;
  /** Null: today only (a cashier). */
  onDateChange: ((date: string) => void) | null;
  undoing: boolean;
  onUndo: (redemption: Redemption) => void;
  /** A cashier's user id: Undo only on their own redemptions. */
  undoesOnlyOf?: number | null;
}) {
  const { t } = useTranslation();
  const redemptions = useRedemptions(date);
  const headingId = useId();
  const dateId = useId();

  let body;
  if (redemptions.isPending) body = <LoadingState />;
  else if (redemptions.isError) body = <ErrorState error={redemptions.error} />;
  else if (redemptions.data.length === 0) body = <EmptyState message={t('redeem.empty')} />;
  else {
    body = (
      <ul aria-labelledby={headingId} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {redemptions.data.map((redemption) => (
          <RedemptionRow
            key={`${redemption.kind}-${redemption.kind === 'REWARD' ? redemption.rewardId : redemption.claimId}`}
            redemption={redemption}
            undoing={undoing}
            onUndo={onUndo}
            mayUndo={undoesOnlyOf === null || redemption.redeemedByUserId === undoesOnlyOf}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {t('redeem.listTitle')}
        </h2>
        {onDateChange ? (
          <div>
            <label htmlFor={dateId} className="mb-1 block text-sm font-medium text-slate-700">
              {t('redeem.dateLabel')}
            </label>
            <input
              id={dateId}
              type="date"
              value={date}
              min={EARLIEST_DATE}
              max={today}
              onChange={(event) => onDateChange(event.target.value || today)}
              className={controlClass(false)}
            />
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t('staff.todayOnly')}</p>
        )}
      </div>
      {body}
    </section>
  );
}
