/**
 * The fields and query flag the API's answers and the shared schemas use for opening hours and happy hours (issue 28
 * §2–3), apart from opening-hours.ts so that the cards, which import that module, do not bring zod into the shopper
 * home's first load (issue 27 §6).
 */
import { z } from 'zod';

/** What a shop's card, page and offers answer about its hours. */
export const openStateFields = {
  /** true open, false closed, null when the shop gave no hours. */
  openNow: z.boolean().nullable(),
  /** ISO instant of the next opening or closing; null when none is known (no hours, or none in the coming fortnight). */
  nextChange: z.string().nullable(),
};

/**
 * A yes-only query flag: `openNow=true` (only shops open now) and `activeNow=true` (only offers that hold now, §3) on
 * nearby-offers and search; true or 1 filters, anything else is no filter.
 */
export const filterFlagParam = z.preprocess((value) => value === true || value === 'true' || value === '1', z.boolean()).default(false);

/**
 * Issue 28 §3: an offer's happy-hour schedule (OSM syntax, `Mo-Th 17:00-19:00`) and its state: `activeNow` null when
 * the offer has no schedule (it holds all day), else whether a window is open now; the window open now, or else the
 * next one (null when none in the coming fortnight).
 */
export const scheduleStateFields = {
  schedule: z.string().nullable(),
  activeNow: z.boolean().nullable(),
  windowOpensAt: z.string().nullable(),
  windowClosesAt: z.string().nullable(),
};
