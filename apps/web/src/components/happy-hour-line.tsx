/**
 * Issue 28 §3: an offer's happy hour in words: "Happy hour 17:00–19:00 · on now", "… · starts 17:00" (the day named
 * when it is not today: "· starts Mon 17:00"), "Happy hour · no time in the next two weeks". What to say is decided by
 * the shared happyHourState from the API's activeNow, windowOpensAt and windowClosesAt and the minute clock; this only
 * words it. An offer without a schedule (activeNow null) holds all day and says nothing: no line, no space kept.
 */
import type { TFunction } from 'i18next';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { happyHourState, type HappyHourState } from '@qrib/shared/opening-hours';
import { useMinuteClock, weekdayName } from './open-status.tsx';

/** Where the hours go in the translated text; replaced by the hours isolated left to right (an Arabic page included). */
const HOURS = '\u0001';

/** The words for a state, with HOURS standing for the window's hours; null when there is nothing to say. */
function happyHourPattern(t: TFunction, state: HappyHourState): string | null {
  const hours = HOURS;
  switch (state.kind) {
    case 'allDay':
      return null;
    case 'onNow':
      return t('happyHour.onNow', { hours, interpolation: { escapeValue: false } });
    case 'starts':
      return state.weekday === null
        ? t('happyHour.startsAt', { hours, time: state.from, interpolation: { escapeValue: false } })
        : t('happyHour.startsOn', { hours, day: weekdayName(t, state.weekday), time: state.from, interpolation: { escapeValue: false } });
    case 'noWindow':
      return t('happyHour.noWindow');
  }
}

const TONES: Record<HappyHourState['kind'], string> = {
  onNow: 'text-emerald-800',
  starts: 'text-amber-800',
  noWindow: 'text-slate-600',
  allDay: '',
};

export interface HappyHourLineProps {
  activeNow: boolean | null | undefined;
  windowOpensAt: string | null | undefined;
  windowClosesAt: string | null | undefined;
  /** The clock (tests give a fixed one); the minute clock otherwise. */
  now?: Date | undefined;
  /** An offer's page: the size of the text around it; cards: small. */
  large?: boolean | undefined;
  className?: string | undefined;
}

export function HappyHourLine({ activeNow, windowOpensAt, windowClosesAt, now, large = false, className = '' }: HappyHourLineProps) {
  const { t } = useTranslation();
  const tick = useMinuteClock();
  const state = happyHourState(activeNow ?? null, windowOpensAt ?? null, windowClosesAt ?? null, now ?? new Date(tick));
  const pattern = happyHourPattern(t, state);
  if (pattern === null) return null;
  const hours = state.kind === 'onNow' || state.kind === 'starts' ? `${state.from}–${state.to}` : '';
  return (
    <p
      className={`flex min-w-0 items-center gap-1 font-medium ${large ? 'text-sm' : 'text-xs'} ${TONES[state.kind]} ${className}`}
      data-testid="happy-hour"
      data-state={state.kind}
    >
      <Sparkles aria-hidden="true" className={`${large ? 'size-4' : 'size-3.5'} shrink-0`} />
      <span className="truncate">
        {pattern.split(new RegExp(`(${HOURS})`)).map((part, index) =>
          part === HOURS ? (
            <bdi key={index} dir="ltr">
              {hours}
            </bdi>
          ) : (
            part
          ),
        )}
      </span>
    </p>
  );
}
