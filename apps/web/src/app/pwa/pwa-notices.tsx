/**
 * The offline banner and the update prompt, above the mobile tab bar (bottom of the window on desktop), on every
 * screen; they never take the clicks of what lies around them.
 */
import { OfflineBanner } from './offline-banner.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function PwaNotices() {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-40 flex flex-col items-center gap-2 px-4 md:bottom-4">
      <UpdatePrompt />
      <OfflineBanner />
    </div>
  );
}
