/**
 * Whether to show the iPhone note (issue 29 §1): Safari on an iPhone or iPad gives web apps push only once they run
 * from the Home Screen, so in a Safari tab the person is told how to get there.
 */

/** The parts of the browser the decision reads (the window in the app, a plain object in tests). */
export interface BrowserSignals {
  userAgent: string;
  maxTouchPoints: number;
  /** Safari's own flag, true when opened from the Home Screen. */
  standalone?: boolean | undefined;
  /** Whether `(display-mode: standalone)` matches. */
  displayStandalone: boolean;
}

function browserSignals(): BrowserSignals {
  const displayStandalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  const { userAgent, maxTouchPoints } = navigator;
  return { userAgent, maxTouchPoints, standalone: (navigator as Navigator & { standalone?: boolean }).standalone, displayStandalone };
}

/** An iPhone, an iPod, or an iPad (iPadOS says it is a Mac, but a Mac has no touch screen). */
function isAppleMobile({ userAgent, maxTouchPoints }: BrowserSignals): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

export function needsHomeScreenForPush(signals: BrowserSignals = browserSignals()): boolean {
  return isAppleMobile(signals) && !signals.displayStandalone && signals.standalone !== true;
}
