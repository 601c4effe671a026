/**
 * What every modal in the app does with the keyboard, written once (the dialog of ui/modal.tsx and the shell's
 * slide-over menu): focus moves in on open, Tab and Shift+Tab cycle inside instead of reaching the page behind,
 * Escape closes, the page behind does not scroll, and on close focus goes back to the control that opened it.
 */
import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalFocusOptions {
  /** The element holding the modal's content: Tab never leaves it. */
  container: RefObject<HTMLElement | null>;
  /** What takes focus on open (the close button). */
  initialFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
  /** Where focus returns on close when that is not simply the element focused on open. */
  returnFocus?: RefObject<HTMLElement | null>;
}

export function useModalFocus({ container, initialFocus, onClose, returnFocus }: ModalFocusOptions) {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    initialFocus.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !container.current) return;
      const focusable = Array.from(container.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      const isInside = document.activeElement instanceof Node && container.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !isInside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !isInside)) {
        event.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // The effect's cleanup runs after the commit that removed the modal, so the page behind is no longer inert.
    const returnTarget = returnFocus;
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      (returnTarget?.current ?? opener)?.focus();
    };
  }, [container, initialFocus, onClose, returnFocus]);
}
