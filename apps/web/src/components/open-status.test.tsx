import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '@qrib/shared/languages';
import { renderScreen } from '../testing/render.tsx';
import { OpenStatus } from './open-status.tsx';

// Wednesday 10 June 2026, 15:40 in Malta (summer time, UTC+2).
const NOW = new Date('2026-06-10T13:40:00Z');

function statusText(openNow: boolean | null, nextChange: string | null, language: LanguageCode = 'en') {
  renderScreen(<OpenStatus openNow={openNow} nextChange={nextChange} now={NOW} />, { language });
  return screen.getByTestId('open-status');
}

describe('OpenStatus', () => {
  it('says when an open shop closes, in Malta’s time', () => {
    const status = statusText(true, '2026-06-10T17:00:00Z');
    expect(status).toHaveTextContent('Open · closes 19:00');
    expect(status).toHaveAttribute('data-state', 'open');
  });

  it('counts down the last hour', () => {
    expect(statusText(true, '2026-06-10T14:00:00Z')).toHaveTextContent('Closes in 20 min');
  });

  it('says "Open" alone when no closing is known', () => {
    expect(statusText(true, null)).toHaveTextContent(/^Open$/);
  });

  it('names the day of the next opening only when it is not today', () => {
    expect(statusText(false, '2026-06-10T15:00:00Z')).toHaveTextContent('Closed · opens 17:00');
  });

  it('names the day when the shop opens another day', () => {
    // Monday 15 June, 08:00 in Malta.
    expect(statusText(false, '2026-06-15T06:00:00Z')).toHaveTextContent('Closed · opens Mon 08:00');
  });

  it('says "Closed" alone when no opening is known', () => {
    expect(statusText(false, null)).toHaveTextContent(/^Closed$/);
  });

  it('says "Hours not given", never "Closed", for a shop without hours', () => {
    const status = statusText(null, null);
    expect(status).toHaveTextContent('Hours not given');
    expect(status).toHaveAttribute('data-state', 'unknown');
  });

  it('speaks the reader’s language, the weekday too', () => {
    expect(statusText(false, '2026-06-15T06:00:00Z', 'mt')).toHaveTextContent('Magħluq · jiftaħ Tne fil-08:00');
  });

  it('reads right to left in Arabic, with the day in Arabic', () => {
    expect(statusText(false, '2026-06-13T06:00:00Z', 'ar')).toHaveTextContent('مغلق · يفتح السبت الساعة 08:00');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
