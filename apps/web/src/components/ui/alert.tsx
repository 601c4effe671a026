import { useEffect, useRef, type ReactNode } from 'react';

const TONES = {
  error: 'border-red-300 bg-red-50 text-red-800',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
};

/**
 * A message box. With `focusOnShow` it scrolls into view and takes focus when it appears: the result of a long
 * form's submit is shown at its top, far from the button on a phone.
 */
export function Alert({ tone = 'error', focusOnShow = false, children }: { tone?: keyof typeof TONES; focusOnShow?: boolean; children: ReactNode }) {
  const styles = TONES[tone];
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusOnShow || !box.current) return;
    box.current.focus({ preventScroll: true });
    box.current.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [focusOnShow, children]);
  return (
    <div
      ref={box}
      tabIndex={focusOnShow ? -1 : undefined}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm outline-none ${styles}`}
    >
      {children}
    </div>
  );
}
