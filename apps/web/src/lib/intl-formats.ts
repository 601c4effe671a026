/**
 * Intl formatters by locale and options, made once: making one costs far more than using it (a list of twenty cards
 * would otherwise build forty of them on a phone's first render, and every number a message interpolates one more).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function remembered<Format>(formats: Map<string, Format>, key: string, make: () => Format): Format {
  const known = formats.get(key);
  if (known) return known;
  const made = make();
  formats.set(key, made);
  return made;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  remembered(numberFormats, `${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  remembered(dateTimeFormats, `${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
