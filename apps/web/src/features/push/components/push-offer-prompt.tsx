/**
 * The offer to turn push on (issue 29 §1; when it is made: lib/push-offer.ts): a small card over the screen, not a
 * dialog, saying what push would bring after a save or a code, with Turn on push and Not now. It shows only while
 * this device could turn push on (not on already, not blocked); once shown it is not made again.
 */
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { dismissPushOffer, markPushOfferShown, type PushOfferReason } from '../../../lib/push-offer.ts';
import { PushPermissionError, useThisDevicePush, useTurnOnPush } from '../api/this-device.ts';
import { devicePushFailure } from './this-device-push.tsx';
import '../../../lib/push-strings.ts';

export function PushOfferPrompt({ reason, onClose }: { reason: PushOfferReason; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const device = useThisDevicePush();
  const turnOn = useTurnOnPush();
  const isOff = device.data === 'off';
  // What is on screen once the person answered (done, or why not) stays until they close it.
  const isAnswered = turnOn.isPending || turnOn.isSuccess || turnOn.isError;
  const isInapplicable = device.data !== undefined && !isOff && !isAnswered;
  const dismiss = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isInapplicable) onClose();
    else if (isOff) markPushOfferShown();
  }, [isInapplicable, isOff, onClose]);

  // The button just pressed is gone: the focus goes to the one that closes the answer.
  useEffect(() => {
    if (turnOn.isSuccess) dismiss.current?.focus();
  }, [turnOn.isSuccess]);

  if (!isOff && !isAnswered) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="pointer-events-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-900 shadow-lg"
      data-testid="push-offer"
    >
      {turnOn.isSuccess ? (
        <div className="flex items-start gap-2">
          <p id={titleId} className="min-w-0 flex-1 pt-2.5">
            {t('pushOffer.done')}
          </p>
          <button
            ref={dismiss}
            type="button"
            aria-label={t('deadEnds.dismiss')}
            onClick={onClose}
            className="flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : (
        <>
          <h2 id={titleId} className="font-semibold">
            {t('pushOffer.title')}
          </h2>
          <p className="mt-1 text-slate-700">{t(reason === 'saved' ? 'pushOffer.savedText' : 'pushOffer.codeText')}</p>
          {turnOn.isError ? (
            <p role="alert" className="mt-2 text-red-800">
              {devicePushFailure(t, turnOn.error)}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            {turnOn.error instanceof PushPermissionError && turnOn.error.permission === 'denied' ? null : (
              <Button disabled={turnOn.isPending} onClick={() => turnOn.mutate()}>
                {t('pushOffer.accept')}
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => {
                dismissPushOffer();
                onClose();
              }}
            >
              {t('pushOffer.later')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
