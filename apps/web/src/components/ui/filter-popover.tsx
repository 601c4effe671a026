/**
 * A filter button that opens a small panel under it (the disclosure pattern: aria-expanded on the button,
 * the panel a labelled group). Escape or a click outside closes it, and focus goes back to the button.
 * On narrow screens the panel spans the filter row (position it against a `relative` row), so it never
 * runs off the screen.
 */
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface FilterPopoverProps {
  label: string;
  /** What the filter is set to, shown on the button; undefined when it is not set. */
  value?: string | undefined;
  /** The text of the button that closes the panel. */
  closeLabel: string;
  children: ReactNode;
}

export function FilterPopover({ label, value, closeLabel, children }: FilterPopoverProps) {
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const isActive = value !== undefined;

  useEffect(() => {
    if (!isOpen) return;
    panel.current?.querySelector<HTMLElement>('select, input, button, [href]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  return (
    <div ref={wrapper} className="sm:relative">
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        aria-expanded={isOpen}
        aria-controls={`${id}-panel`}
        onClick={() => setIsOpen((open) => !open)}
        className={`inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-full border px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
          isActive ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
        }`}
      >
        {/* Flex items are read with a space between them: 'Price: Percentage off'. */}
        <span>{isActive ? `${label}:` : label}</span>
        {isActive ? (
          <span className="truncate font-normal">
            <bdi>{value}</bdi>
          </span>
        ) : null}
        <ChevronDown aria-hidden="true" className={`size-4 shrink-0 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
      </button>
      <div
        ref={panel}
        id={`${id}-panel`}
        role="group"
        aria-labelledby={`${id}-button`}
        hidden={!isOpen}
        className="absolute inset-x-0 top-full z-20 mt-2 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:inset-x-auto sm:start-0 sm:w-80"
      >
        {children}
        <div className="flex justify-end">
          <button
            type="button"
            onClick={() => {
              setIsOpen(false);
              button.current?.focus();
            }}
            className="min-h-11 rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {closeLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
