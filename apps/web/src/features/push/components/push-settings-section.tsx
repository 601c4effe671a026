/**
 * The profile's push section (issue 29 §1): push on this device, then the account's settings, saved together with
 * Save (PUT /me/push-settings): a switch per kind (a shop's sold-out offers and new reviews only for people with a
 * business), offers near a chosen place, the most pushes a day and the quiet hours (Malta time); and a test push to
 * every device of the account. The API decides; its messages show under the fields they are about and by the buttons.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@qrib/shared/auth-schemas';
import { PUSH_DAILY_CAP, PUSH_KINDS, type PushKind, type PushSettings } from '@qrib/shared/push-schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateCode, translateError } from '../../../lib/i18n.ts';
import { numberFormat } from '../../../lib/intl-formats.ts';
import { usePushSettings, useSavePushSettings, type PushSettingsAnswer } from '../api/push-settings.ts';
import { useSendTestPush } from '../api/send-test-push.ts';
import { NearbyFields } from './nearby-fields.tsx';
import { ThisDevicePush } from './this-device-push.tsx';
// The profile's On/Off words (en-account.ts) and the push strings come with this section.
import '../../../lib/account-strings.ts';
import '../../../lib/push-strings.ts';

/** The kinds about a shop the person runs or works for. */
const BUSINESS_KINDS: readonly PushKind[] = ['soldOut', 'newReview'];

/** The fields whose refusal the API reports field by field, shown under their control. */
const FIELDS = ['nearbyPlace', 'nearbyRadiusKm', 'nearbyCategoryIds', 'dailyCap', 'quietFrom', 'quietUntil'] as const;
type Field = (typeof FIELDS)[number];

type Notice = { tone: 'success' | 'error'; text: string } | null;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const CAPS = Array.from({ length: PUSH_DAILY_CAP.max - PUSH_DAILY_CAP.min + 1 }, (_, index) => PUSH_DAILY_CAP.min + index);

function settingsOf({ devices: _devices, ...settings }: PushSettingsAnswer): PushSettings {
  return settings;
}

function PushSettingsForm({ initial, hasBusiness }: { initial: PushSettings; hasBusiness: boolean }) {
  const { t, i18n } = useTranslation();
  const save = useSavePushSettings();
  const sendTest = useSendTestPush();
  const [settings, setSettings] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const quietId = useId();
  const change = (part: Partial<PushSettings>) => setSettings((current) => ({ ...current, ...part }));
  const kinds = PUSH_KINDS.filter((kind) => hasBusiness || !BUSINESS_KINDS.includes(kind));
  const hourOptions = HOURS.map((hour) => ({ value: String(hour), label: t('pushSettings.hour', { hour }) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setErrors({});
    save.mutate(settings, {
      onSuccess: () => setNotice({ tone: 'success', text: t('pushSettings.saved') }),
      onError: (error) => {
        const codes = error instanceof ApiError ? error.fieldErrorCodes : {};
        const next: Partial<Record<Field, string>> = {};
        for (const field of FIELDS) {
          const code = codes[field];
          if (code) next[field] = translateCode(t, code);
        }
        setErrors(next);
        // Said by the button too: on a phone the field it is about may be a screen away.
        setNotice({ tone: 'error', text: translateError(t, error) });
      },
    });
  };

  const onTest = () => {
    setNotice(null);
    sendTest.mutate(undefined, {
      onSuccess: (devices) => setNotice({ tone: 'success', text: t('pushSettings.testSent', { count: devices }) }),
      onError: (error) => setNotice({ tone: 'error', text: translateError(t, error) }),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">
          {t('pushSettings.kindsTitle')}
        </legend>
        <div className="divide-y divide-slate-200">
          {kinds.map((kind) => (
            <div key={kind} className="py-3">
              <Switch
                label={t(`pushSettings.${kind}`)}
                checked={settings[kind]}
                onChange={(checked) => change({ [kind]: checked })}
                onText={t('profile.on')}
                offText={t('profile.off')}
                testId={`push-kind-${kind}`}
              />
            </div>
          ))}
        </div>
        {settings.nearby ? (
          <NearbyFields
            value={settings}
            onChange={change}
            errors={{ nearbyPlace: errors.nearbyPlace, nearbyRadiusKm: errors.nearbyRadiusKm, nearbyCategoryIds: errors.nearbyCategoryIds }}
          />
        ) : null}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">
          {t('pushSettings.controlsTitle')}
        </legend>
        <SelectField
          label={t('pushSettings.dailyCap')}
          options={CAPS.map((cap) => ({ value: String(cap), label: numberFormat(i18n.language).format(cap) }))}
          value={String(settings.dailyCap)}
          onChange={(event) => change({ dailyCap: Number(event.target.value) })}
          error={errors.dailyCap}
          className="sm:max-w-xs"
        />
        <fieldset aria-describedby={`${quietId}-hint`}>
          <legend className="text-sm font-medium text-slate-700">
            {t('pushSettings.quietHours')}
          </legend>
          <div className="mt-1 grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t('pushSettings.quietFrom')}
              options={hourOptions}
              value={String(settings.quietFrom)}
              onChange={(event) => change({ quietFrom: Number(event.target.value) })}
              error={errors.quietFrom}
            />
            <SelectField
              label={t('pushSettings.quietUntil')}
              options={hourOptions}
              value={String(settings.quietUntil)}
              onChange={(event) => change({ quietUntil: Number(event.target.value) })}
              error={errors.quietUntil}
            />
          </div>
          <p id={`${quietId}-hint`} className="mt-1 text-xs text-slate-600">
            {t('pushSettings.quietHint')}
          </p>
        </fieldset>
      </fieldset>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('profile.saving') : t('pushSettings.save')}
        </Button>
        <Button variant="secondary" disabled={sendTest.isPending} onClick={onTest}>
          {t('pushSettings.test')}
        </Button>
      </div>
    </form>
  );
}

export function PushSettingsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const settings = usePushSettings();
  let body;
  if (settings.isPending) body = <LoadingState />;
  else if (settings.isError) body = <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  else body = <PushSettingsForm initial={settingsOf(settings.data)} hasBusiness={user.vendor !== null} />;
  return (
    <section aria-labelledby="profile-push" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="push-settings">
      <div>
        <h2 id="profile-push" className="text-lg font-semibold text-slate-900">
          {t('pushSettings.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('pushSettings.intro')}</p>
      </div>
      <ThisDevicePush devices={settings.data?.devices} />
      {body}
    </section>
  );
}
