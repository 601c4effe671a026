/**
 * OSM's day codes, Monday first: the index is the weekday (0 Monday … 6 Sunday), as maltaWeekday counts. A module of
 * its own: every offer card names a day ("Closed · opens Mon 08:00"), and the hours editor's parser
 * (opening-hours-rows.ts) has no place in the shopper home's first load (issue 27 §6).
 */
export const OSM_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
export type OsmDay = (typeof OSM_DAYS)[number];
