/**
 * The owner's till screen (/redeem, issue 13): type the shopper's code or scan its QR code, redeem it once, see it
 * redeemed in large type (with Undo for ten minutes), and the day's redemptions below.
 */
import { ScanLine } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClaimCode, isClaimCode, normalizeClaimCode } from '@qrib/shared/claim-constants';
import type { Redemption } from '@qrib/shared/claim-schemas';
import { maltaToday } from '@qrib/shared/malta-time';
import { MESSAGES } from '@qrib/shared/messages';
import { STAMP_PASS_PREFIX } from '@qrib/shared/stamp-card-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldFrame } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { translateCode, translateError, translateMessage } from '../../../lib/i18n.ts';
import { useRedeemCode } from '../api/redeem-code.ts';
import { useUndoRedemption } from '../api/undo-redemption.ts';
import { useTillStamp, type TillStamp } from '../api/till-stamp.ts';
import { QrScanner } from './qr-scanner.tsx';
import { RedemptionResult } from './redemption-result.tsx';
import { RedemptionsList } from './redemptions-list.tsx';
import '../../../lib/owner-strings.ts';
import '../../../lib/stamp-strings.ts';

/** A shopper's stamp pass as typed or scanned into the field (issue 29 §2): its token is case-sensitive. */
const isPass = (text: string) => /^qrib-stamp-/i.test(text.trim());

/**
 * What the input shows: a whole code grouped in two ('AB3D EF7H'), a stamp pass as it came (its token is
 * case-sensitive), anything else upper-cased as typed.
 */
export function displayedCode(typed: string): string {
  if (isPass(typed)) return typed;
  const code = normalizeClaimCode(typed);
  return isClaimCode(code) ? formatClaimCode(code) : typed.toUpperCase();
}

/** The most a person pastes or types: a code with some spaces and hyphens, or a stamp pass (33), not a paragraph. */
const MAX_TYPED = 40;

type Notice = { kind: 'error'; text: string } | { kind: 'undone'; code: string } | { kind: 'stamped'; stamp: TillStamp };

/** What the till says of a till stamp (issue 29 §2): the card after it, or that it completed the card. */
function stampedText(t: ReturnType<typeof useTranslation>['t'], stamp: TillStamp): string {
  if (stamp.rewardIssued) return t('stampTill.stampedReward');
  if (stamp.provisionalStamps > 0) return t('stampTill.stampedProvisional', { count: stamp.provisionalStamps });
  return t('stampTill.stamped', { count: stamp.stamps, total: stamp.stampsRequired });
}

/**
 * `cashierUserId` (issue 28 §4): the till of a role without `redemptions.undo`: today's list only, Undo only on that
 * person's own redemptions (the API refuses the rest in the same way).
 */
export function RedeemScreen({ cashierUserId = null }: { cashierUserId?: number | null } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [redemption, setRedemption] = useState<Redemption | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [scanning, setScanning] = useState(false);
  const today = maltaToday();
  const [date, setDate] = useState(today);
  const redeem = useRedeemCode();
  const undo = useUndoRedemption();
  const tillStamp = useTillStamp();

  const submit = useCallback(
    (text: string) => {
      setNotice(null);
      setRedemption(null);
      // Issue 29 §2: a shopper's stamp card, scanned for a purchase without an offer.
      if (isPass(text)) {
        setFieldError(undefined);
        setTyped('');
        // A scanner typing into the field may send the prefix in any case; the token as it is.
        tillStamp.mutate(`${STAMP_PASS_PREFIX}${text.trim().slice(STAMP_PASS_PREFIX.length)}`, {
          onSuccess: (stamp) => setNotice({ kind: 'stamped', stamp }),
          onError: (error) => setNotice({ kind: 'error', text: translateError(t, error) }),
        });
        return;
      }
      const code = normalizeClaimCode(text);
      if (!isClaimCode(code)) {
        setFieldError(translateMessage(t, MESSAGES.claimCodeInvalid));
        input.current?.focus();
        return;
      }
      setFieldError(undefined);
      redeem.mutate(code, {
        onSuccess: (done) => {
          setRedemption(done);
          setTyped('');
        },
        onError: (error) => {
          const refused = error instanceof ApiError ? error.fieldErrorCodes.code : undefined;
          if (refused) setFieldError(translateCode(t, refused));
          else setNotice({ kind: 'error', text: translateError(t, error) });
          // Refused as a member (removed from the shop, or a role changed meanwhile): read who the person is again.
          if (error instanceof ApiError && error.status === 403) void queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
        },
      });
    },
    [queryClient, redeem, tillStamp, t],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(typed);
  };

  const onScanned = useCallback(
    (text: string) => {
      setScanning(false);
      setTyped(displayedCode(text.slice(0, MAX_TYPED)));
      submit(text);
    },
    [submit],
  );

  const undoRedemption = (undone: Redemption) => {
    setNotice(null);
    undo.mutate(undone, {
      onSuccess: () => {
        if (redemption?.kind === undone.kind && redemption.claimId === undone.claimId && redemption.rewardId === undone.rewardId) setRedemption(null);
        setNotice({ kind: 'undone', code: formatClaimCode(undone.code) });
      },
      onError: (error) => setNotice({ kind: 'error', text: translateError(t, error) }),
    });
  };

  const next = () => {
    setRedemption(null);
    setNotice(null);
    input.current?.focus();
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('redeem.title')}</h1>
        <p className="mt-1 text-slate-600">{t('redeem.subtitle')}</p>
      </header>

      <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <FieldFrame label={t('redeem.codeLabel')} hint={t('redeem.codeHint')} error={fieldError}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              ref={input}
              name="code"
              value={typed}
              onChange={(event) => {
                setTyped(displayedCode(event.target.value));
                setFieldError(undefined);
              }}
              maxLength={MAX_TYPED}
              // A code reads left to right in every language (Arabic's page included).
              dir="ltr"
              autoCapitalize="characters"
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="go"
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={`block min-h-16 w-full rounded-lg border bg-white px-4 py-3 text-center font-mono text-3xl tracking-[0.2em] text-slate-900 uppercase shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 ${
                invalid ? 'border-red-600' : 'border-slate-300'
              }`}
            />
          )}
        </FieldFrame>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={redeem.isPending || tillStamp.isPending} className="min-h-12 flex-1 text-base">
            {redeem.isPending || tillStamp.isPending ? t('redeem.submitting') : t('redeem.submit')}
          </Button>
          <Button variant="secondary" onClick={() => setScanning((open) => !open)} aria-expanded={scanning} className="min-h-12 flex-1 text-base">
            <ScanLine aria-hidden="true" className="size-5" />
            {t('redeem.scan')}
          </Button>
        </div>
      </form>

      <p className="text-sm text-slate-600">{t('stampTill.scanHint')}</p>

      {scanning ? <QrScanner onCode={onScanned} onClose={() => setScanning(false)} /> : null}

      {notice?.kind === 'error' ? (
        <Alert>
          <span className="block text-xl font-semibold" data-testid="redeem-error">
            {notice.text}
          </span>
        </Alert>
      ) : null}
      {notice?.kind === 'stamped' ? (
        <Alert tone="success">
          <span className="block text-xl font-semibold" data-testid="till-stamp-result">
            {stampedText(t, notice.stamp)}
          </span>
        </Alert>
      ) : null}
      {notice?.kind === 'undone' ? (
        <Alert tone="info">
          <span className="block text-lg font-semibold">{t('redeem.undone', { code: notice.code })}</span>
        </Alert>
      ) : null}
      {redemption ? <RedemptionResult redemption={redemption} undoing={undo.isPending} onUndo={() => undoRedemption(redemption)} onNext={next} /> : null}

      <RedemptionsList
        date={cashierUserId === null ? date : today}
        today={today}
        onDateChange={cashierUserId === null ? setDate : null}
        undoing={undo.isPending}
        onUndo={undoRedemption}
        undoesOnlyOf={cashierUserId}
      />
    </div>
  );
}
