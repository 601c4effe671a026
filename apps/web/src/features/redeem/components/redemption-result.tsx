/**
 * A redemption that just happened, big enough to read across a counter: a large check, 'Redeemed', the offer,
 * the code, the units left when the offer is limited, and Undo until the ten minutes are over.
 */
import { CircleCheck, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatClaimCode } from '@qrib/shared/claim-constants';
import type { Redemption } from '@qrib/shared/claim-schemas';
import { Button } from '../../../components/ui/button.tsx';
import { formatMaltaTime } from '../../../lib/format.ts';
import { useStillBefore } from './use-still-before.ts';
import '../../../lib/owner-strings.ts';
import '../../../lib/stamp-strings.ts';

export function RedemptionResult({ redemption, undoing, onUndo, onNext }: { redemption: Redemption; undoing: boolean; onUndo: () => void; onNext: () => void }) {
  const { t, i18n } = useTranslation();
  const canUndo = useStillBefore(redemption.undoUntil);
  const code = formatClaimCode(redemption.code);
  return (
    <section
      role="status"
      aria-labelledby="redemption-result-title"
      data-testid="redemption-result"
      className="flex flex-col items-center gap-2 rounded-2xl border-2 border-emerald-600 bg-emerald-50 px-6 py-8 text-center text-emerald-950"
    >
      <CircleCheck aria-hidden="true" className="size-20 text-emerald-700" strokeWidth={2.5} />
      <h2 id="redemption-result-title" className="text-4xl font-extrabold">
        {t('redeem.redeemed')}
      </h2>
      <p className="text-2xl font-semibold break-words">
        {/* Issue 29 §2: a stamp card's reward says so. */}
        <bdi>{redemption.kind === 'REWARD' ? t('stampTill.reward', { reward: redemption.rewardText ?? redemption.offerTitle }) : redemption.offerTitle}</bdi>
      </p>
      <p className="font-mono text-2xl tracking-widest">{t('redeem.codeIs', { code })}</p>
      {redemption.remaining === null ? null : <p className="text-xl font-semibold">{t('messages.unitsLeft', { count: redemption.remaining })}</p>}
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        {canUndo ? (
          <Button variant="secondary" onClick={onUndo} disabled={undoing} aria-label={t('redeem.undoFor', { code })}>
            <Undo2 aria-hidden="true" className="size-4" />
            {t('redeem.undo')}
          </Button>
        ) : null}
        <Button onClick={onNext}>{t('redeem.nextCode')}</Button>
      </div>
      {canUndo ? <p className="text-sm">{t('redeem.undoUntil', { time: formatMaltaTime(redemption.undoUntil, i18n.language) })}</p> : null}
    </section>
  );
}
