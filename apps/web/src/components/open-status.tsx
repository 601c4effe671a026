/**
 * Issue 28 §2: whether a shop is open now, in words: "Open · closes 19:00", "Closes in 20 min", "Closed · opens Mon
 * 08:00" (the day named only when it is not today), "Hours not given" when the shop gave none. What to say is decided
 * by the shared openState from the API's openNow and nextChange and the clock; this only words it. The clock ticks
 * each minute (one timer for every status on the page), so "Closes in 20 min" counts down between refreshes.
 */
import type { TFunction } from 'i18next';
import { Clock } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { openState, type OpenState } from '@qrib/shared/opening-hours';
import { OSM_DAYS } from '../lib/osm-days.ts';

const MINUTE_MS = 60_000;

/** One timer for every subscriber, started with the first and stopped with the last; the time read is to the minute. */
const minuteClock = (() => {
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      timer ??= setInterval(() => {
        for (const notify of listeners) notify();
      }, MINUTE_MS / 4);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    // The same value all through a minute, so React draws again only when the minute changes.
    read: () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS,
  };
})();

/** The time now, to the minute. */
export function useMinuteClock(): number {
  return useSyncExternalStore(minuteClock.subscribe, minuteClock.read, minuteClock.read);
}

/** A weekday's short name in the reader's language (0 Monday … 6 Sunday). */
export function weekdayName(t: TFunction, weekday: number): string {
  return t(`openStatus.days.${(OSM_DAYS[weekday] ?? 'Mo').toLowerCase()}`);
}

/** The words for a state. */
export function openStatusText(t: TFunction, state: OpenState): string {
  switch (state.kind) {
    case 'unknown':
      return t('openStatus.unknown');
    case 'open':
      return state.closesAt === null ? t('openStatus.open') : t('openStatus.openClosesAt', { time: state.closesAt });
    case 'closingSoon':
      return t('openStatus.closesIn', { minutes: state.minutes });
    case 'closed':
      if (state.opensAt === null) return t('openStatus.closed');
      return state.weekday === null
        ? t('openStatus.closedOpensAt', { time: state.opensAt })
        : t('openStatus.closedOpensOn', { day: weekdayName(t, state.weekday), time: state.opensAt });
  }
}

const TONES: Record<OpenState['kind'], string> = {
  open: 'text-emerald-800',
  closingSoon: 'text-amber-800',
  closed: 'text-red-700',
  unknown: 'text-slate-600',
};

export interface OpenStatusProps {
  openNow: boolean | null;
  nextChange: string | null;
  /** The clock (tests give a fixed one); the minute clock otherwise. */
  now?: Date | undefined;
  /** A shop's page: the size of its text around it; cards: small. */
  large?: boolean | undefined;
  className?: string | undefined;
}

/** One line, always there (also "Hours not given"), so every card of a list keeps the same layout. */
export function OpenStatus({ openNow, nextChange, now, large = false, className = '' }: OpenStatusProps) {
  const { t } = useTranslation();
  const tick = useMinuteClock();
  const state = openState(openNow, nextChange, now ?? new Date(tick));
  return (
    <p
      className={`flex min-w-0 items-center gap-1 font-medium ${large ? 'text-sm' : 'text-xs'} ${TONES[state.kind]} ${className}`}
      data-testid="open-status"
      data-state={state.kind}
    >
      <Clock aria-hidden="true" className={`${large ? 'size-4' : 'size-3.5'} shrink-0`} />
      <span className="truncate">{openStatusText(t, state)}</span>
    </p>
  );
}
