/**
 * The push settings' first part (issue 29 §1): whether this device has push on, with Turn on / Turn off, how many of
 * the account's devices receive pushes, and why push cannot be turned on here (blocked in the browser, no push in
 * this browser, or an iPhone's Safari tab that must become a Home Screen app first).
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateError } from '../../../lib/i18n.ts';
import { PushPermissionError, useThisDevicePush, useTurnOffPush, useTurnOnPush } from '../api/this-device.ts';
import { needsHomeScreenForPush } from './home-screen-note.ts';
import '../../../lib/push-strings.ts';

/** Why turning push on or off failed, in the reader's language. */
export function devicePushFailure(t: TFunction, error: unknown): string {
  if (error instanceof PushPermissionError) return t(error.permission === 'denied' ? 'pushSettings.blocked' : 'pushSettings.failed');
  // The browser's own errors (no push service, a subscription refused) are no reading for people: 'Try again'.
  return error instanceof ApiError ? translateError(t, error) : t('pushSettings.failed');
}

export function ThisDevicePush({ devices }: { devices: number | undefined }) {
  const { t } = useTranslation();
  const device = useThisDevicePush();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const isBusy = turnOn.isPending || turnOff.isPending;
  const failure = turnOn.isError ? turnOn.error : turnOff.isError ? turnOff.error : null;
  const state = device.data;
  const homeScreenFirst = needsHomeScreenForPush();

  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid="push-this-device">
      {state === 'on' || state === 'off' ? (
        <p className="font-medium text-slate-900" data-testid="push-device-state">
          {t(state === 'on' ? 'pushSettings.deviceOn' : 'pushSettings.deviceOff')}
        </p>
      ) : null}
      {state === 'blocked' ? <p className="text-slate-800">{t('pushSettings.blocked')}</p> : null}
      {/* On an iPhone the way to push is the Home Screen, which says more than 'cannot receive'. */}
      {homeScreenFirst ? (
        <Alert tone="info">{t('pushSettings.iphoneNote')}</Alert>
      ) : state === 'unsupported' ? (
        <p className="text-slate-800">{t('pushSettings.unsupported')}</p>
      ) : null}
      {devices === undefined ? null : (
        <p className="text-sm text-slate-700" data-testid="push-devices">
          {t('pushSettings.devices', { count: devices })}
        </p>
      )}
      {state === 'on' || state === 'off' ? (
        <Button
          variant={state === 'on' ? 'secondary' : 'primary'}
          className="w-full sm:w-auto"
          disabled={isBusy}
          onClick={() => {
            turnOn.reset();
            turnOff.reset();
            if (state === 'on') turnOff.mutate();
            else turnOn.mutate();
          }}
        >
          {t(state === 'on' ? 'pushSettings.turnOff' : 'pushSettings.turnOn')}
        </Button>
      ) : null}
      {failure && !(failure instanceof PushPermissionError && failure.permission === 'denied') ? <Alert>{devicePushFailure(t, failure)}</Alert> : null}
    </div>
  );
}
