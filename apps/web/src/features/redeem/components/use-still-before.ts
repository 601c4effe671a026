import { useEffect, useState } from 'react';

/** Timers longer than this overflow to 'at once' in browsers. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/** Whether now is still before `isoInstant`; turns false by itself at that moment (an Undo that runs out). */
export function useStillBefore(isoInstant: string): boolean {
  const until = new Date(isoInstant).getTime();
  // The instant last seen go by; a new instant is 'still before' until its own timer says otherwise.
  const [passed, setPassed] = useState<number | null>(() => (Date.now() >= until ? until : null));
  useEffect(() => {
    const timer = setTimeout(() => setPassed(until), Math.min(Math.max(0, until - Date.now()), LONGEST_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [until]);
  return passed !== until;
}
