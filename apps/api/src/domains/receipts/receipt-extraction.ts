/**
 * What a receipt says, read from its OCR or PDF text (DESIGN.md §8): the merchant (its first meaningful
 * lines), the date, the total and the subtotal. Pure functions, tolerant of the usual OCR slips (O for 0,
 * l or I for 1, a comma for the decimal point, stray spaces around separators).
 */

export interface ExtractedReceipt {
  /** The first meaningful line: what the receipt shows as its merchant. */
  merchant: string | null;
  /** The first few meaningful lines, any of which may carry the shop's name (a logo line may come first). */
  merchantLines: string[];
  /** YYYY-MM-DD. */
  date: string | null;
  /**
   * How sure OCR was of the characters of the date, 0..100 (tesseract's lowest word confidence on the date's
   * line); 100 for a text layer or when unknown. A date read with low confidence that breaks a rule is doubt.
   */
  dateConfidence?: number;
  total: number | null;
  /** The SUBTOTAL line, or else the sum of the item lines above the total. */
  subtotal: number | null;
}

/**
 * The shop's name may be anywhere in the header: under a logo OCR cannot read, below the address, after a slogan.
 * So the whole top third of the receipt's lines is searched (at least MIN_HEADER_LINES, at most MAX_HEADER_LINES).
 */
const MIN_HEADER_LINES = 6;
const MAX_HEADER_LINES = 14;

/** Splits into trimmed lines with single spaces, dropping empty ones and lines of only punctuation. */
export function receiptTextLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => /[\p{L}\p{N}]/u.test(line));
}

const letterCount = (line: string) => (line.match(/\p{L}/gu) ?? []).length;

/** A line that reads like a name: at least three letters, and mostly letters rather than digits or symbols. */
export function isNameLike(line: string): boolean {
  const letters = letterCount(line);
  const visible = line.replace(/\s/g, '').length;
  return letters >= 3 && letters / visible >= 0.6;
}

/**
 * A word as printed names are written: at least three letters (apostrophes and hyphens inside), a vowel and a
 * consonant, and one case pattern (UPPER, lower or Title). OCR of a photo that is not a receipt reads noise as
 * strings of one- and two-letter scraps in mixed case ('Ro md a beanie ae', 'SR eT'), which are not.
 */
function isRealWord(token: string): boolean {
  const word = token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (!/^\p{L}+(?:['’-]\p{L}+)*$/u.test(word)) return false;
  const letters = word.replace(/['’-]/g, '');
  if (letters.length < 3) return false;
  const plain = letters.normalize('NFKD').replace(/\p{M}/gu, '');
  if (!/[aeiouy]/i.test(plain) || !/[b-df-hj-np-tv-z]/i.test(plain)) return false;
  // Each part of 'Il-Forn' or "Joseph's" on its own.
  return word.split(/['’-]/).every((part) => {
    const rest = part.slice(1);
    return part === part.toUpperCase() || rest === rest.toLowerCase();
  });
}

/** Letters a name needs in real words before a mismatch with the shop's name says anything. */
const MIN_READABLE_NAME_LETTERS = 5;

/**
 * A header line that reads as a name in real words: most of its letters (70%) are in real words, and those
 * hold at least five letters. 'SLIEMA HARDWARE STORE' and 'TA MARIJA BAKERY' are; OCR noise is not.
 */
export function isReadableName(line: string): boolean {
  const tokens = line.split(/\s+/).filter((token) => token !== '');
  const letters = letterCount(line);
  const inWords = tokens.filter(isRealWord).reduce((sum, token) => sum + letterCount(token), 0);
  return inWords >= MIN_READABLE_NAME_LETTERS && inWords / letters >= 0.7;
}

const ADDRESS_OR_CONTACT = /\b(tel|phone|fax|vat|www|http|e-?mail)\b|@/i;

export function extractMerchantLines(lines: string[]): string[] {
  const headerLength = Math.min(MAX_HEADER_LINES, Math.max(MIN_HEADER_LINES, Math.ceil(lines.length / 3)));
  const found: string[] = [];
  for (const line of lines.slice(0, headerLength)) {
    // Contact and tax lines, and lines of numbers (addresses, dates, amounts), are not names.
    if (ADDRESS_OR_CONTACT.test(line) || !isNameLike(line)) continue;
    if (findAmounts(line).length > 0) continue;
    found.push(line);
  }
  return found;
}

/**
 * Words by which a business says that it is one: a line carrying one ('BOOK TA .K (TAMAN DAYA) SDN BHD',
 * 'SLIEMA HARDWARE STORE LTD') plainly names a business. Only such a line can prove another shop.
 */
export const COMPANY_SUFFIX = /\b(sdn\.?\s*bhd|bhd|berhad|ltd|limited|plc|llc|inc|gmbh|co|company|corp|corporation|enterprises?|trading|s\/b|srl|spa)\b/i;

// --- dates -------------------------------------------------------------------------------------------

/** Letters OCR confuses with digits, read back as digits inside number-like tokens. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', l: '1', I: '1', '|': '1', Z: '2', S: '5', B: '8' };
const DIGITISH = '[0-9OoDlI|ZSB]';

function toDigits(token: string): string {
  return token.replace(/[^0-9]/g, (character) => DIGIT_LOOKALIKES[character] ?? character);
}

/**
 * Receipts come from the past: a year after next year is a misread digit ('12/02/2078', '5/40/16'), not a date,
 * and another date on the receipt may be the right one.
 */
const latestYear = () => new Date().getUTCFullYear() + 1;

function isValidDate(year: number, month: number, day: number): boolean {
  if (year < 2000 || year > latestYear() || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number) => String(value).padStart(2, '0');

const SEPARATOR = String.raw`\s?[-/.,]\s?`;
const ISO_DATE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${DIGITISH}{4})${SEPARATOR}(${DIGITISH}{1,2})${SEPARATOR}(${DIGITISH}{1,2})(?![\p{N}])`,
  'gu',
);
const DAY_FIRST_DATE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${DIGITISH}{1,2})${SEPARATOR}(${DIGITISH}{1,2})${SEPARATOR}(${DIGITISH}{4}|${DIGITISH}{2})(?![\p{N}])`,
  'gu',
);

/**
 * A date printed without separators, day first with a four-digit year: '21092017', '21032018' (POS systems that
 * print the date next to the till number). Only eight digits standing alone, so longer invoice numbers are not
 * dates.
 */
const COMPACT_DATE = /(?<![\p{L}\p{N}])(\d{2})(\d{2})(20\d{2})(?![\p{N}])/gu;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
/** '25 DEC 2018', '25-Dec-2018', '25/DEC/18', '25DEC2018'. */
const DAY_MONTH_NAME = new RegExp(String.raw`(?<![\p{L}\p{N}])(${DIGITISH}{1,2})\s?[-/. ]?\s?${MONTH_NAME}\s?[-/., ]?\s?(${DIGITISH}{4}|${DIGITISH}{2})(?![\p{N}])`, 'giu');
/** 'Dec 25, 2018', 'DEC 25 2018'. */
const MONTH_NAME_DAY = new RegExp(String.raw`(?<![\p{L}])${MONTH_NAME}\s?[-/. ]?\s?(${DIGITISH}{1,2}),?\s?[-/. ]?\s?(${DIGITISH}{4})(?![\p{N}])`, 'giu');

/**
 * Every match of a global pattern, each search starting one character after the previous match began: a number
 * before the date ('REG #19- 18/01/2018') would otherwise swallow the date's day in an impossible '19- 18/01'
 * and hide the real date from the search.
 */
function overlappingMatches(line: string, pattern: RegExp): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  const search = new RegExp(pattern.source, pattern.flags);
  let match: RegExpExecArray | null;
  while ((match = search.exec(line)) !== null) {
    matches.push(match);
    search.lastIndex = match.index + 1;
  }
  return matches;
}

const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
const fullYear = (year: number) => (year < 100 ? 2000 + year : year);

/**
 * The first valid date in a line, day first as receipts outside North America print them: DD/MM/YYYY,
 * DD-MM-YY, DD.MM.YYYY, '25 DEC 2018', '25-Dec-2018', 'Dec 25, 2018', DDMMYYYY and YYYY-MM-DD; one written with a
 * single kind of separator before one mixing two. Month-first numeric dates are not guessed at.
 */
export function findDate(line: string): string | null {
  const candidates: { index: number; date: string; mixed: boolean }[] = [];
  const add = (index: number, year: number, month: number, day: number, mixed = false) => {
    if (isValidDate(year, month, day)) candidates.push({ index, date: `${year}-${pad(month)}-${pad(day)}`, mixed });
  };
  const consider = (match: RegExpMatchArray, order: 'ymd' | 'dmy') => {
    // Lookalike letters are only trusted among real digits: a word is never a date.
    if ((match[0].match(/[0-9]/g) ?? []).length < 4) return;
    const parts = [match[1], match[2], match[3]].map((part) => Number(toDigits(part ?? '')));
    const [first = 0, second = 0, third = 0] = parts;
    // Two different separators ('#19- 10/03/2018' read as 19-10/03) are a number next to a date, not a date.
    const [one, two] = match[0].match(/[-/.,]/g) ?? [];
    const mixed = one !== two;
    if (order === 'ymd') add(match.index ?? 0, first, second, third, mixed);
    else add(match.index ?? 0, fullYear(third), second, first, mixed);
  };
  for (const match of overlappingMatches(line, ISO_DATE)) consider(match, 'ymd');
  for (const match of overlappingMatches(line, DAY_FIRST_DATE)) consider(match, 'dmy');
  for (const match of line.matchAll(COMPACT_DATE)) add(match.index, Number(match[3]), Number(match[2]), Number(match[1]));
  for (const match of line.matchAll(DAY_MONTH_NAME)) {
    if ((match[0].match(/[0-9]/g) ?? []).length < 3) continue;
    add(match.index ?? 0, fullYear(Number(toDigits(match[3] ?? ''))), monthNumber(match[2] ?? ''), Number(toDigits(match[1] ?? '')));
  }
  for (const match of line.matchAll(MONTH_NAME_DAY)) {
    if ((match[0].match(/[0-9]/g) ?? []).length < 5) continue;
    add(match.index ?? 0, Number(toDigits(match[3] ?? '')), monthNumber(match[1] ?? ''), Number(toDigits(match[2] ?? '')));
  }
  candidates.sort((a, b) => Number(a.mixed) - Number(b.mixed) || a.index - b.index);
  return candidates[0]?.date ?? null;
}

/** A time of day as tills print it next to the date: '15:39', '10:20:37', '12.17.26 PM' (with points only with seconds, so an amount is not a time). */
const TIME_OF_DAY = /(?<![\p{N}.,])(?:([01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?|([01]?\d|2[0-3])\.[0-5]\d\.[0-5]\d)(?![\p{N}])/u;

/**
 * The receipt's date: on a line that says 'date' if there is one, else on a line that also gives a time of day
 * (tills print the sale's date and time together; item codes such as 'HD03-04-06 - 5/40' that look like dates
 * do not), else the first date anywhere.
 */
export function extractDate(lines: string[]): string | null {
  const labelled = lines.filter((line) => /d\s?a\s?t\s?e/i.test(line));
  const timed = lines.filter((line) => TIME_OF_DAY.test(line.replace(ISO_DATE, ' ').replace(DAY_FIRST_DATE, ' ')));
  for (const line of [...labelled, ...timed, ...lines]) {
    const date = findDate(line);
    if (date) return date;
  }
  return null;
}

// --- amounts -----------------------------------------------------------------------------------------

/**
 * An amount with two decimals (point or comma; OCR also reads the point as '_' and puts a space after it: 'RM 39. 80',
 * 'RM 149_19'; a comma between thousands when a point gives the cents: '1,234.50'), maybe negative, maybe after a currency (€, EUR, RM, $, £, MYR,
 * written against the number or not), maybe as 'quantity x unit price'. The first digit must be real; O and o
 * are read as 0 after it. A number after '@' is a rate ('GST@6X RM 9.90' is not 6 × 9.90).
 */
const AMOUNT = /(?<![\p{L}\p{N}.,@])(?:(\d{1,3})\s?[xX*]\s?)?(-\s?)?(?:(?:€|EUR|RM|MYR|USD|GBP|\$|£)\s?)?(\d{1,3}(?:,\d{3})+(?=\.\d{2})|\d[0-9Oo]{0,5})[.,_]\s?([0-9Oo]{2})(?![\p{N}])/giu;
/** A currency glued to the amount ('RM22.91'): the letters are not part of a word. */
/**
 * After a currency OCR sometimes loses the decimal point and leaves a space ('RM 64 13', 'RM 0 02'): with the
 * currency in front (RM also as OCR misreads it: RH, RN, RW), two digits after the space can only be the cents.
 */
const CURRENCY_LOST_POINT = /(?<![\p{L}])((?:€|EUR|R[MHNW]|MYR|USD|GBP|\$|£)\s?\d{1,5}) (\d{2})(?![\p{N}.,])/giu;
const GLUED_CURRENCY = /(?<=\b)(EUR|RM|MYR|USD|GBP)(?=\d)/gi;

/** The money amounts in a line, negative ones included, in order; '3 x 1.50' counts as 4.50. */
export function findAmounts(line: string): number[] {
  // Dates and times are not amounts.
  const cleaned = line
    .replace(ISO_DATE, ' ')
    .replace(DAY_FIRST_DATE, ' ')
    .replace(DAY_MONTH_NAME, ' ')
    .replace(/\b\d{1,2}:\d{2}(:\d{2})?\b/g, ' ')
    .replace(GLUED_CURRENCY, '$1 ')
    .replace(CURRENCY_LOST_POINT, '$1.$2');
  const amounts: number[] = [];
  for (const match of cleaned.matchAll(AMOUNT)) {
    const quantity = match[1] ? Number(match[1]) : 1;
    const value = Number(`${toDigits((match[3] ?? '').replaceAll(',', ''))}.${toDigits(match[4] ?? '')}`);
    if (!Number.isFinite(value)) continue;
    const amount = Math.round(quantity * value * 100) / 100;
    amounts.push(match[2] ? -amount : amount);
  }
  return amounts;
}

/**
 * TOTAL, and as OCR misreads it on thermal paper: 'T0TAL', 'TOTA1', 'Tatal', 'Tota' (the last letter lost), and
 * with the first letter lost or read as another stroke ('[otal', 'lotal', 'iotal', 'fotal'), or the A as E ('iotel'); then
 * the L must be there ('TOTE BAG' is no total).
 */
const TOTAL_WORD = /(?<![\p{L}\p{N}])(?:T\s?[O0oa]\s?T\s?[A4a]\s?[L1I|]?|[tlij1[|f]?[o0]\s?t\s?[a4e]\s?[l1|])(?![\p{L}\p{N}])/iu;
const SUBTOTAL_WORD = /\bS\s?U\s?B\s?-?\s?T\s?[O0]\s?T\s?[A4]\s?[L1I|]\b/i;
/** Other ways of saying the total, 'amount' also as receipts shorten it ('Amt Due', 'Net Amt', 'Amt Payable'). */
const OTHER_TOTAL = /\b(am(oun)?t\.?\s+due|balance\s+due|to\s+pay|to\s+be\s+paid|grand\s+total|am(oun)?t\.?\s+payable|nett?\s+am(oun)?t|total\s+payable)\b/i;
/** Lines with a total-like word that are not the amount paid (taxes, quantities, savings, what was handed over). */
const NOT_THE_TOTAL = /\b(discount|saving|savings|items?|qty|quantity|change|tendered|points|excl\.?|excluding|exclusive|before|w\/o)\b/i;
/** A tax line ('Total GST', 'VAT 18%') unless it says the total includes the tax ('Total Incl. GST'). */
const TAX_WORD = /\b(vat|tax|gst|sst)\b/i;
/** 'Total Incl. GST', and 'inclusive' with its first letters or its l misread ('(aclusive of GST)', 'i ctusive'); excluding lines never get here. */
const INCLUDING = /\b(incl\.?|including|includes?|inclusive|inc\.?)\b|c[lt]usive|c[lt]uding/i;
/** The final amount after rounding or for the whole bill: preferred over a plain TOTAL line. */
const FINAL_TOTAL = /\b(nett?|grand|final|rounded|round(ed)?\s+total|total\s+round(ed|ing)|after\s+rounding|am(oun)?t\.?\s+due|balance\s+due|to\s+pay|to\s+be\s+paid|payable|total\s+am(oun)?t)\b/i;
/** Lines below the items that are not items. */
const NOT_AN_ITEM = /\b(discount|off|saving|savings|promo|coupon|vat|tax|change|cash|card|tendered|paid|balance|visa|mastercard)\b/i;

function lastAmount(line: string): number | null {
  const amounts = findAmounts(line);
  return amounts.length > 0 ? (amounts[amounts.length - 1] ?? null) : null;
}

function isTotalLine(line: string): boolean {
  if (SUBTOTAL_WORD.test(line) || NOT_THE_TOTAL.test(line)) return false;
  if (TAX_WORD.test(line) && !INCLUDING.test(line)) return false;
  return TOTAL_WORD.test(line.replace(SUBTOTAL_WORD, ' ')) || OTHER_TOTAL.test(line);
}

/** A line that is only a label or only an amount, as OCR splits a total whose amount stands far to the right. */
const ONLY_AMOUNT = /^[^\p{L}]*(?:(?:€|EUR|RM|MYR|\$|£)\s?)?-?\s?\d[\d.,\sOo]*[^\p{L}]*$/iu;

/** What the customer handed over, and what came back. */
const CASH_WORD = /\b(cash|tunai|tendered|payment|paid)\b/i;
/** CHANGE also as OCR misreads its G ('Chanoe', 'Channe', 'CHANBE'), and the Malay 'baki'. */
const CHANGE_WORD = /\b(change|baki|[cg]ha[nm][gqonb9][ec])\b/i;
/** A card payment: the card is charged exactly the amount due (no change). */
const CARD_WORD = /\b(card|visa|master\s?card|debit|credit|amex|maestro)\b/i;
/** A change line with only zeros after its word ('CHANGE 00', 'CHANGE RM .00', 'Change Due 000'): no change given. */
const ZERO_CHANGE = /\b(change|baki|[cg]ha[nm][gqonb9][ec])\b(\s+due)?[\s:;]*(?:RM|RH|RN|\$)?[\s.,]*0[0\s.,]*$/i;
/** A rounding adjustment line: 'Rounding -0.01', 'ROUNDING ADJ. 0.02', 'Rounding Adjustment'. */
const ROUNDING_WORD = /\bround(ing)?\b/i;

/** A line's last amount, or the amount on the next line when this one has none and the next is only an amount. */
function amountOfLine(lines: string[], index: number): number | null {
  const amount = lastAmount(lines[index] ?? '');
  const next = lines[index + 1];
  if (amount === null && next !== undefined && ONLY_AMOUNT.test(next)) return lastAmount(next);
  return amount;
}

/** The first amount on a line matching `word` (and not `unless`), as amountOfLine reads it. */
function labelledAmount(lines: string[], word: RegExp, unless?: (line: string) => boolean): number | null {
  for (const [index, line] of lines.entries()) {
    if (!word.test(line) || unless?.(line)) continue;
    const amount = amountOfLine(lines, index);
    if (amount !== null) return amount;
  }
  return null;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * A SUBTOTAL printed below the tax or rounding line is the amount with them ('Total GST 2.40 / Sub Total 42.40'):
 * the total when no total line could be read. Never above what a total would be, so never a reason to refuse.
 */
function subtotalAfterTax(lines: string[]): number | null {
  const taxIndex = lines.findIndex((line) => (TAX_WORD.test(line) && !INCLUDING.test(line)) || (ROUNDING_WORD.test(line) && !TOTAL_WORD.test(line)));
  if (taxIndex < 0) return null;
  let amount: number | null = null;
  for (const [index, line] of lines.entries()) {
    if (index <= taxIndex || !SUBTOTAL_WORD.test(line) || CHANGE_WORD.test(line)) continue;
    amount = lastAmount(line) ?? amount;
  }
  return amount !== null && amount > 0 ? amount : null;
}

/**
 * The amount paid. Every total line is a candidate (TOTAL, Total Sales, Grand Total, Nett Total, Amount Due,
 * Total Incl. GST, ...; never SUBTOTAL, tax, quantity, discount, change or 'excluding' lines), with its last
 * amount, or with the amount on the next line when it has none and the next line is only an amount (OCR put the
 * amount on a line of its own). A total of 0.00 is never the amount paid (the tax column of a summary table).
 * Then, in order:
 *   1. the candidate equal to cash handed over minus change given, when the receipt shows both: two amounts
 *      OCR read independently agreeing is the best evidence there is;
 *   2. a final total (nett, grand, rounded, amount due, payable, total amount) over a plain one, since receipts
 *      print the total before rounding and then the rounded amount due; among equals the first (a tax summary
 *      table below the total repeats 'TOTAL' with other amounts);
 *   3. with no total line read before the change line, cash minus change (a total line OCR garbled beyond
 *      recognition); a 'Total' below the change is the tax summary table's (amount before tax, then the tax),
 *      taken only when nothing else is there;
 *   4. an amount more lines agree on (see below) over the one chosen by 2 when OCR misread a digit of it: a
 *      total line of the same rank, or cash minus change (never a plain total over a final one);
 *   5. with no total line at all: cash minus change, a card payment (charged exactly the amount due), or a
 *      SUBTOTAL printed below the tax or rounding line. Cash alone is never the total: it may be more.
 * A total printed after the rounding line is final too. A total that is not a multiple of 0.05 while the receipt
 * shows a rounding adjustment that makes it one is corrected by it: tills that round to 5 cents print the unrounded total, 'Rounding -0.01', and charge the rest.
 */
export function extractTotal(lines: string[]): number | null {
  const candidates: { amount: number; rank: number }[] = [];
  const roundingIndex = lines.findIndex((line) => ROUNDING_WORD.test(line) && !TOTAL_WORD.test(line));
  const changeIndex = lines.findIndex((line, index) => ZERO_CHANGE.test(line) || (CHANGE_WORD.test(line) && amountOfLine(lines, index) !== null));
  lines.forEach((line, index) => {
    // 'Rounding RM 182.00' below 'Rounding Adjustment RM 0.02': a rounding line that does not say adjustment,
    // with an amount no adjustment reaches (1.00 or more), is the rounded total whose word 'Total' OCR lost.
    const roundedTotal = ROUNDING_WORD.test(line) && !/\badj/i.test(line) && !isTotalLine(line) ? lastAmount(line) : null;
    if (roundedTotal !== null && roundedTotal >= 1) {
      candidates.push({ amount: roundedTotal, rank: 1 });
      return;
    }
    if (!isTotalLine(line)) return;
    // The last amount above zero: 0.00 after it is the tax column of a summary table ('Total 31.03 0.00').
    const amount = findAmounts(line).filter((value) => value > 0).at(-1) ?? amountOfLine(lines, index);
    if (amount === null || amount <= 0) return;
    let rank = FINAL_TOTAL.test(line) || (roundingIndex >= 0 && index > roundingIndex) ? 1 : 0;
    if (changeIndex >= 0 && index > changeIndex) rank = -1;
    candidates.push({ amount, rank });
  });
  // The tendered amount is printed just above the change: that line's amount when OCR garbled its word ('CA. $').
  const aboveChange = lines[changeIndex - 1];
  const cash =
    labelledAmount(lines, CASH_WORD, (line) => CHANGE_WORD.test(line) || isTotalLine(line)) ??
    (changeIndex > 0 && aboveChange !== undefined && !isTotalLine(aboveChange) ? lastAmount(aboveChange) : null);
  const change = labelledAmount(lines, CHANGE_WORD) ?? (lines.some((line) => ZERO_CHANGE.test(line)) ? 0 : null);
  const card = labelledAmount(lines, CARD_WORD, (line) => CHANGE_WORD.test(line) || isTotalLine(line));
  // A leading dash is a leader OCR read before the cash amount ('Cash -50. 00'): nobody hands over less than nothing.
  const handed = cash === null ? null : Math.abs(cash);
  const paid =
    handed !== null && handed > 0 && change !== null && change >= 0 && change < handed
      ? (cents(handed) - cents(change)) / 100
      : card !== null && card > 0
        ? card
        : null;
  if (paid !== null) {
    const agreeing = candidates.find((candidate) => cents(candidate.amount) === cents(paid));
    if (agreeing) return agreeing.amount;
  }
  let first: { amount: number; rank: number } | null = null;
  for (const candidate of candidates) if (!first || candidate.rank > first.rank) first = candidate;
  if (!first) return paid ?? subtotalAfterTax(lines);
  if (first.rank < 0 && paid !== null) return paid;
  const best = first;
  // OCR misreads a digit of one line, rarely the same digit of two: an amount printed on more lines (the
  // total and the cash handed over, an item, the tax table) or derived independently (cash minus a change that
  // is not zero) outweighs one read on a single total line. A rival must be at least half the total (a tax
  // amount repeated in the tax table never is) and differ by more than a rounding (0.05).
  const support = (amount: number) =>
    lines.filter((line) => !CHANGE_WORD.test(line) && findAmounts(line).some((value) => cents(value) === cents(amount))).length;
  const derived = paid !== null && change !== null && change > 0 && cents(paid) !== cents(card ?? -1);
  const score = (amount: number) => support(amount) + (derived && paid !== null && cents(amount) === cents(paid) ? 1 : 0);
  const contenders = [...candidates.filter((candidate) => candidate.rank >= best.rank).map((candidate) => candidate.amount), ...(paid !== null ? [paid] : [])];
  let total = best.amount;
  let totalScore = Math.max(1, score(best.amount));
  for (const amount of contenders) {
    if (amount < best.amount / 2 || Math.abs(cents(amount) - cents(best.amount)) < 5) continue;
    const amountScore = score(amount);
    if (amountScore > totalScore) [total, totalScore] = [amount, amountScore];
  }
  if (total !== best.amount) return total;
  const rounding = labelledAmount(lines, ROUNDING_WORD, (line) => TOTAL_WORD.test(line));
  if (rounding !== null && rounding !== 0 && Math.abs(rounding) < 0.05) {
    const rounded = cents(best.amount) + cents(rounding);
    if (cents(best.amount) % 5 !== 0 && rounded % 5 === 0) return rounded / 100;
  }
  return best.amount;
}

/**
 * The price before the discount: the SUBTOTAL line, or else the sum of the item lines (each one's last
 * amount) between the date and the first subtotal, discount or total line.
 */
export function extractSubtotal(lines: string[]): number | null {
  for (const line of lines) {
    if (!SUBTOTAL_WORD.test(line)) continue;
    const amount = lastAmount(line);
    if (amount !== null && amount >= 0) return amount;
  }
  const dateIndex = lines.findIndex((line) => findDate(line) !== null);
  let sum = 0;
  let items = 0;
  for (const line of lines.slice(dateIndex + 1)) {
    if (isTotalLine(line) || SUBTOTAL_WORD.test(line) || NOT_AN_ITEM.test(line)) break;
    const amount = lastAmount(line);
    if (amount === null || amount < 0) continue;
    sum += amount;
    items += 1;
  }
  return items > 0 ? Math.round(sum * 100) / 100 : null;
}

export function extractReceiptFields(text: string): ExtractedReceipt {
  const lines = receiptTextLines(text);
  const merchantLines = extractMerchantLines(lines);
  return {
    merchant: merchantLines[0] ?? null,
    merchantLines,
    date: extractDate(lines),
    total: extractTotal(lines),
    subtotal: extractSubtotal(lines),
  };
}
