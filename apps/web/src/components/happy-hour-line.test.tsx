import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LanguageCode } from '@qrib/shared/languages';
import { stubApi } from '../testing/api-stub.ts';
import { renderScreen } from '../testing/render.tsx';
import { HappyHourLine } from './happy-hour-line.tsx';
import { OfferCard, type OfferCardOffer } from './offer-card.tsx';

// Wednesday 10 June 2026, 17:40 in Malta (summer time, UTC+2).
const NOW = new Date('2026-06-10T15:40:00Z');
// Today's window 17:00–19:00 Malta.
const OPENS = '2026-06-10T15:00:00Z';
const CLOSES = '2026-06-10T17:00:00Z';

function line(activeNow: boolean | null, opensAt: string | null, closesAt: string | null, language: LanguageCode = 'en') {
  renderScreen(<HappyHourLine activeNow={activeNow} windowOpensAt={opensAt} windowClosesAt={closesAt} now={NOW} />, { language });
  return screen.queryByTestId('happy-hour');
}

describe('HappyHourLine (issue 28 §3)', () => {
  it('says the window and "on now" inside it, in Malta’s time', () => {
    const said = line(true, OPENS, CLOSES);
    expect(said).toHaveTextContent(/^Happy hour 17:00–19:00 · on now$/);
    expect(said).toHaveAttribute('data-state', 'onNow');
  });

  it('says when a window later today starts, without a day', () => {
    expect(line(false, '2026-06-10T18:00:00Z', '2026-06-10T20:00:00Z')).toHaveTextContent(/^Happy hour 20:00–22:00 · starts 20:00$/);
  });

  it('names the day of a window on another day', () => {
    // Monday 15 June, 17:00–19:00 Malta.
    expect(line(false, '2026-06-15T15:00:00Z', '2026-06-15T17:00:00Z')).toHaveTextContent(/^Happy hour 17:00–19:00 · starts Mon 17:00$/);
  });

  it('says so when no window falls in the next two weeks', () => {
    expect(line(false, null, null)).toHaveTextContent(/^Happy hour · no time in the next two weeks$/);
  });

  it('does not say "on now" for a window that closed after the answer was given', () => {
    expect(line(true, '2026-06-10T12:00:00Z', '2026-06-10T14:00:00Z')).toHaveAttribute('data-state', 'noWindow');
  });

  it('says nothing, and keeps no space, for an offer that holds all day', () => {
    expect(line(null, null, null)).toBeNull();
  });

  it('keeps the hours left to right on an Arabic page', () => {
    const said = line(true, OPENS, CLOSES, 'ar');
    const hours = within(said ?? document.body).getByText('17:00–19:00');
    expect(hours.tagName).toBe('BDI');
    expect(hours).toHaveAttribute('dir', 'ltr');
    expect(said).toHaveTextContent('الساعة السعيدة 17:00–19:00 · سارية الآن');
  });
});

describe('the offer card’s happy-hour line, on the card’s own clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const offer: OfferCardOffer = {
    offerId: 7,
    title: 'Two pastizzi for one',
    description: 'Fresh from the oven every morning.',
    imageUrl: null,
    discountType: 'PERCENTAGE',
    discountValue: 20,
    endDate: '2099-06-30',
    remaining: null,
    activeNow: null,
    windowOpensAt: null,
    windowClosesAt: null,
  };

  function card(changes: Partial<OfferCardOffer>) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    stubApi({ 'GET /api/v1/me/favorites': { body: { data: [] } } });
    renderScreen(<OfferCard offer={{ ...offer, ...changes }} shop={{ businessName: "Joseph's Pastizzeria" }} distanceKm={0.35} />);
    return screen.getByTestId('offer-card');
  }

  it('shows "on now" inside the window', () => {
    expect(within(card({ activeNow: true, windowOpensAt: OPENS, windowClosesAt: CLOSES })).getByTestId('happy-hour')).toHaveTextContent(
      'Happy hour 17:00–19:00 · on now',
    );
  });

  it('turns an answer given before the window opened into "on now" once the clock is inside it', () => {
    expect(within(card({ activeNow: false, windowOpensAt: OPENS, windowClosesAt: CLOSES })).getByTestId('happy-hour')).toHaveAttribute('data-state', 'onNow');
  });

  it('has no line for an offer without a schedule', () => {
    expect(within(card({})).queryByTestId('happy-hour')).not.toBeInTheDocument();
  });
});
