/**
 * Where the offer to turn push on appears (issue 29 §1), in the signed-in layout: nothing until a save or a code asks
 * for it (lib/push-offer.ts), then the offer's own chunk, above the tab bar and the app's notices, centred over the
 * content (beside the desktop's sidebar: AppShell's --sidebar-width). A polite live region,
 * so the offer is read out without taking the focus from what the person was doing.
 */
import { lazy, Suspense } from 'react';
import { usePushOfferRequest } from '../../../lib/push-offer.ts';

const PushOfferPrompt = lazy(async () => ({ default: (await import('./push-offer-prompt.tsx')).PushOfferPrompt }));

export function PushOfferHost() {
  const { reason, close } = usePushOfferRequest();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed start-0 end-0 bottom-[calc(8rem+env(safe-area-inset-bottom))] z-40 flex justify-center px-4 md:start-[var(--sidebar-width)] md:bottom-20"
    >
      {reason ? (
        <Suspense fallback={null}>
          <PushOfferPrompt reason={reason} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
