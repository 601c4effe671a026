/**
 * /stamp-card (issue 29 §2): the owner (or a manager) starts the shop's stamp card, changes its terms, or ends it.
 * The API decides; its messages show under the fields they are about.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StampCard } from '@qrib/shared/stamp-card-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMaltaDay } from '../../../lib/format.ts';
import { translateCode, translateError } from '../../../lib/i18n.ts';
import { useEndStampCard, usePutStampCard, useStampCardSettings } from '../api/stamp-card-settings.ts';
import '../../../lib/stamp-strings.ts';

type Field = 'stampsRequired' | 'rewardText' | 'expiresAfterDays';
type Notice = { tone: 'info' | 'error'; text: string } | null;

/** A number field's text as the API takes it: a number when it reads as one, else the text (refused with its message). */
function asNumber(text: string): number | string {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

function SettingsForm({ card, onNotice }: { card: StampCard | null; onNotice: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const put = usePutStampCard();
  const [stampsRequired, setStampsRequired] = useState(String(card?.stampsRequired ?? 10));
  const [rewardText, setRewardText] = useState(card?.rewardText ?? '');
  const [expiresAfterDays, setExpiresAfterDays] = useState(card?.expiresAfterDays === null || card === null ? '' : String(card.expiresAfterDays));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const headingId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onNotice(null);
    setErrors({});
    put.mutate(
      { stampsRequired: asNumber(stampsRequired) as number, rewardText, expiresAfterDays: expiresAfterDays.trim() === '' ? null : (asNumber(expiresAfterDays) as number) },
      {
        onSuccess: () => onNotice({ tone: 'info', text: t(card ? 'stampCardSettings.saved' : 'stampCardSettings.started') }),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrorCodes : {};
          const next: Partial<Record<Field, string>> = {};
          for (const field of ['stampsRequired', 'rewardText', 'expiresAfterDays'] as const) {
            const code = fields[field];
            if (code) next[field] = translateCode(t, code);
          }
          setErrors(next);
          if (Object.keys(next).length === 0) onNotice({ tone: 'error', text: translateError(t, error) });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('stampCardSettings.title')}
      </h2>
      <TextField
        label={t('stampCardSettings.stampsRequired')}
        hint={t('stampCardSettings.stampsRequiredHint')}
        inputMode="numeric"
        value={stampsRequired}
        onChange={(event) => setStampsRequired(event.target.value)}
        error={errors.stampsRequired}
        required
      />
      <TextField
        label={t('fields.rewardText')}
        hint={t('stampCardSettings.rewardHint')}
        value={rewardText}
        maxLength={200}
        onChange={(event) => setRewardText(event.target.value)}
        error={errors.rewardText}
        required
      />
      <TextField
        label={t('stampCardSettings.expiresAfterDays')}
        hint={t('stampCardSettings.expiresHint')}
        inputMode="numeric"
        value={expiresAfterDays}
        onChange={(event) => setExpiresAfterDays(event.target.value)}
        error={errors.expiresAfterDays}
      />
      <Button type="submit" disabled={put.isPending}>
        {put.isPending ? t('stampCardSettings.saving') : t(card ? 'stampCardSettings.save' : 'stampCardSettings.start')}
      </Button>
    </form>
  );
}

function EndCard({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const end = useEndStampCard();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('stampCardSettings.end')}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={t('stampCardSettings.end')} className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-950">
      <p>{t('stampCardSettings.endConfirm')}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          disabled={end.isPending}
          onClick={() => {
            onNotice(null);
            end.mutate(undefined, {
              onSuccess: () => onNotice({ tone: 'info', text: t('stampCardSettings.ended') }),
              onError: (error) => onNotice({ tone: 'error', text: translateError(t, error) }),
              onSettled: () => setConfirming(false),
            });
          }}
        >
          {t('stampCardSettings.endYes')}
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(false)}>
          {t('stampCardSettings.endCancel')}
        </Button>
      </div>
    </div>
  );
}

export function StampCardSettings() {
  const { t, i18n } = useTranslation();
  const settings = useStampCardSettings();
  const [notice, setNotice] = useState<Notice>(null);

  let body;
  if (settings.isPending) body = <LoadingState />;
  else if (settings.isError) body = <ErrorState error={settings.error} />;
  else {
    const card = settings.data;
    body = (
      <>
        <p className="text-slate-700" data-testid="stamp-card-state">
          {card ? t('stampCardSettings.runningSince', { date: formatMaltaDay(card.startedAt, i18n.language) }) : t('stampCardSettings.none')}
        </p>
        <SettingsForm key={card?.id ?? 'new'} card={card} onNotice={setNotice} />
        {card ? <EndCard onNotice={setNotice} /> : null}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('stampCardSettings.title')}</h1>
        <p className="mt-1 text-slate-600">{t('stampCardSettings.intro')}</p>
      </header>
      {/* Focused when it appears: ending the card removes the button that had the focus. */}
      {notice ? (
        <Alert tone={notice.tone === 'info' ? 'success' : 'error'} focusOnShow>
          {notice.text}
        </Alert>
      ) : null}
      {body}
    </div>
  );
}
