/**
 * The automatic verdict on a receipt (DESIGN.md §8, issue 5): VERIFIED, REJECTED with a reason, or
 * NEEDS_REVIEW for the shop's owner. Pure functions over what was read from the receipt.
 *
 * Every rule gives 'pass', 'reject' or 'unsure'. A rejection wins over an unsure rule (a receipt from another
 * shop is rejected even when its date could not be read); the first rejection in the order below is the
 * reason: already submitted, another shop, too old / outside the offer's dates, price above the offer. Any
 * unsure rule without a rejection gives NEEDS_REVIEW; VERIFIED needs every rule to pass. Only a header in real
 * words on what is plainly a receipt (a date or a total read) can name another shop: OCR reads letters in the
 * noise of a photo that is no receipt at all, and those go to the owner.
 *
 * Price: offers have no base price, so the rule checks that the discount was applied to what was bought:
 * PERCENTAGE v: total <= subtotal x (1 - v/100) + 0.01; FIXED v: total <= max(0, subtotal - v) + 0.01. A
 * BUYXGETY offer (the free item is not priced on most receipts) or a receipt naming no offer has no price
 * rule: merchant and date decide.
 */
import { daysBetween, maltaDateOf, maltaDayEnd, maltaMidnight, type MessageCode, type MessageKey } from '@qrib/shared';
import { Hours } from '../../kernel/opening-hours.ts';
import { COMPANY_SUFFIX, isReadableName, type ExtractedReceipt } from './receipt-extraction.ts';

/** A receipt dated more than this many days before its upload is too old. */
export const RECEIPT_MAX_AGE_DAYS = 14;
/** Two photos whose 64-bit difference hashes differ in at most this many bits may be one picture. */
export const NEAR_DUPLICATE_MAX_BITS = 6;
/** Name similarity (0..1) from which the merchant is taken to be the shop. */
export const MERCHANT_MATCH = 0.6;
/** Name similarity below which a readable merchant is another shop; in between, the owner decides. */
export const MERCHANT_MISMATCH = 0.35;
const CENT = 0.01;

export type AutoStatus = 'VERIFIED' | 'REJECTED' | 'NEEDS_REVIEW';
/** Every reason the rules give (migration 0009 turned the English of each, stored before, into its code). */
export const RECEIPT_REASON_CODES = [
  'receiptAlreadySubmitted',
  'receiptAnotherShop',
  'receiptTooOld',
  'receiptOutsideOfferDates',
  'receiptPriceAboveOffer',
  'receiptUnreadable',
  'receiptShopNameUnsure',
  'receiptDateUnreadable',
  'receiptDateAfterUpload',
  'receiptTotalsUnreadable',
  'receiptPdfNeedsShop',
  'receiptNotAPhoto',
] as const satisfies readonly MessageKey[];
type ReceiptReasonCode = (typeof RECEIPT_REASON_CODES)[number];

/** Why: a code of MESSAGES with its params (stored as such; the words are chosen where they are shown). */
export interface ReceiptReason extends MessageCode {
  code: ReceiptReasonCode;
}
export interface Verdict {
  status: AutoStatus;
  reason: ReceiptReason | null;
}

export interface OfferTerms {
  discountType: 'PERCENTAGE' | 'FIXED' | 'BUYXGETY';
  discountValue: number;
  /** YYYY-MM-DD, Malta calendar dates, both included. */
  startDate: string;
  endDate: string;
  /**
   * Issue 28 §3: a happy-hour schedule (OSM syntax): the offer holds only on the days it has a window, so a receipt
   * dated another day is outside the offer's days. Null or absent: every day from start to end.
   */
  schedule?: string | null;
}

export interface ReceiptEvidence {
  fields: ExtractedReceipt;
  /** False when some file could not be read (corrupt image, OCR failure, a PDF page without text). */
  allFilesRead: boolean;
  businessName: string;
  offer: OfferTerms | null;
  uploadedAt: Date;
  /** A photo of this receipt is a near copy of one in an earlier receipt, and says the same (isSameReceipt). */
  isNearDuplicate: boolean;
  /** Some file is a PDF: its text layer proves nothing by itself (anyone can type one), so the shop checks it. */
  hasPdf?: boolean;
  /**
   * Some image shows no sign of a physical document (receipt-image-signals.ts): drawn by a program, not a photo
   * or scan of paper, so the shop checks it.
   */
  hasDrawnImage?: boolean;
}

type Finding = { outcome: 'pass' } | { outcome: 'reject' | 'unsure'; reason: ReceiptReason };
const because = (code: ReceiptReason['code'], params: ReceiptReason['params'] = {}): ReceiptReason => ({ code, params });
const pass: Finding = { outcome: 'pass' };

// --- helpers -----------------------------------------------------------------------------------------

/** Number of differing bits between two 64-bit hashes written in hex. */
export function hammingDistance(a: string, b: string): number {
  let difference = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (difference > 0n) {
    bits += Number(difference & 1n);
    difference >>= 1n;
  }
  return bits;
}

/** Words that say what a shop is rather than which one; they count for little when comparing names. */
const GENERIC_WORDS = new Set([
  ...['the', 'and', 'of', 'ta', 'tal', 'il', 'ltd', 'limited', 'co', 'company', 'malta'],
  ...['shop', 'store', 'bakery', 'cafe', 'caffe', 'restaurant', 'bar', 'pharmacy', 'grocery', 'supermarket', 'market'],
  ...['pastizzeria', 'pizzeria', 'kiosk', 'salon', 'boutique'],
  // Company suffixes and trade words elsewhere ('SDN BHD', 'Enterprise', 'Trading', 'Restoran', 'Kedai'), and the
  // street words of an address ('Jalan', 'Taman'): shared by many businesses, they tell none apart.
  ...['sdn', 'bhd', 'berhad', 'enterprise', 'enterprises', 'trading', 'inc', 'plc', 'gmbh', 'corp', 'corporation'],
  ...['restoran', 'kedai', 'mart', 'marketing', 'services', 'jalan', 'taman'],
]);

/** Lower case, no accents, no punctuation, and digits OCR put inside words read back as letters. */
export function normaliseName(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map((word) => (/\p{L}/u.test(word) ? word.replace(/0/g, 'o').replace(/1/g, 'l').replace(/5/g, 's').replace(/8/g, 'b') : word));
}

function trigrams(words: string[]): Set<string> {
  const grams = new Set<string>();
  for (const word of words) {
    const padded = `  ${word} `;
    for (let index = 0; index + 3 <= padded.length; index += 1) grams.add(padded.slice(index, index + 3));
  }
  return grams;
}

function diceSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return (2 * shared) / (a.size + b.size);
}

/** Letters from which one letter read as another ('MOTOR' read 'HOTOR') still reads as the same word. */
const MIN_LETTERS_FOR_ONE_MISREAD = 5;

/**
 * Whether a word of the receipt is the name's word as OCR read it: trigrams mostly shared, or, for a word of five
 * letters or more, the same length with exactly one letter read as another (a substitution moves three trigrams of
 * a short word at once, so trigrams alone call 'HOTOR' unlike 'MOTOR').
 */
function readsAs(word: string, receiptWord: string): boolean {
  if (diceSimilarity(trigrams([word]), trigrams([receiptWord])) >= 0.7) return true;
  if (word.length < MIN_LETTERS_FOR_ONE_MISREAD || word.length !== receiptWord.length) return false;
  let differences = 0;
  for (let index = 0; index < word.length && differences <= 1; index += 1) if (word[index] !== receiptWord[index]) differences += 1;
  return differences === 1;
}

/**
 * The words of a business name that tell it apart: without generic words (suffixes, trade words) and without what
 * is in parentheses, which in a trading name is a qualifier — a branch, a region or a country ('(JOHOR)', '(M)',
 * '(Sliema)') — that many unrelated businesses share. Falls back to the words outside parentheses, then to all
 * words, for a name made only of such words.
 */
function telling(name: string): string[] {
  const outside = normaliseName(name.replace(/\([^)]*\)/g, ' '));
  const distinct = outside.filter((word) => !GENERIC_WORDS.has(word));
  if (distinct.length > 0) return distinct;
  return outside.length > 0 ? outside : normaliseName(name);
}

/**
 * How alike a line of the receipt is to the shop's name, 0..1: the trigram similarity of the two names' telling words
 * (so 'AEON CO. (M) BHD' and 'POPULAR BOOK CO. (M) SDN BHD' are not alike for sharing 'CO. (M) BHD'), or, when
 * the line holds more than the name (a slogan, a branch), the share of the name's distinctive words found in it. A
 * name whose only distinctive word is short (under five letters) is matched by the whole comparison alone: one short
 * word is found by chance in another shop's header.
 */
export function nameSimilarity(receiptLine: string, businessName: string): number {
  const lineWords = normaliseName(receiptLine);
  const nameWords = telling(businessName);
  const lineTelling = lineWords.filter((word) => !GENERIC_WORDS.has(word));
  const whole = diceSimilarity(trigrams(lineTelling.length > 0 ? lineTelling : lineWords), trigrams(nameWords));
  const distinctive = nameWords.filter((word) => !GENERIC_WORDS.has(word) && word.length >= 3);
  if (distinctive.length === 0 || (distinctive.length === 1 && (distinctive[0] ?? '').length < 5)) return whole;
  const found = distinctive.filter((word) => lineWords.some((lineWord) => readsAs(word, lineWord))).length;
  return Math.max(whole, found / distinctive.length);
}

/** The texts of two receipts compared by their trigrams, 0..1 (1: the same words). */
export function textSimilarity(a: string, b: string): number {
  return diceSimilarity(trigrams(normaliseName(a)), trigrams(normaliseName(b)));
}

/** What was read from a receipt, to tell a photo sent again from another purchase on the same till. */
export interface ReadReceipt {
  text: string;
  date: string | null;
  total: number | null;
}

/** Texts of one receipt read twice (another photo, another encoding) are at least this alike. */
export const SAME_TEXT_SIMILARITY = 0.8;

/**
 * Whether two receipts whose photos look alike are one purchase: the same date and total, and nearly the same
 * text. Receipts from one shop's till share a layout, so a close perceptual hash alone is not enough; two
 * purchases differ at least in their date, total or items. Unread text proves nothing.
 */
export function isSameReceipt(current: ReadReceipt, previous: ReadReceipt, minSimilarity = SAME_TEXT_SIMILARITY): boolean {
  if (current.text.trim() === '' || previous.text.trim() === '') return false;
  if (current.date !== previous.date) return false;
  if ((current.total === null) !== (previous.total === null)) return false;
  if (current.total !== null && previous.total !== null && Math.abs(current.total - previous.total) >= CENT / 2) return false;
  return textSimilarity(current.text, previous.text) >= minSimilarity;
}

/**
 * The header line that names the shop (similarity at least MERCHANT_MATCH), or else the first header line: what
 * is kept and shown as the receipt's merchant.
 */
export function merchantShown(fields: ExtractedReceipt, businessName: string): string | null {
  let best: { line: string; similarity: number } | null = null;
  for (const line of fields.merchantLines) {
    const similarity = nameSimilarity(line, businessName);
    if (similarity >= MERCHANT_MATCH && (!best || similarity > best.similarity)) best = { line, similarity };
  }
  return best?.line ?? fields.merchant;
}

// --- the rules ---------------------------------------------------------------------------------------

/** The share of the header's words the shop's distinctive words are found in, from which the header names the shop. */
const HEADER_WORDS_MATCH = 0.75;

/**
 * The shop's name is looked for in every header line (the top third of the receipt), in each two neighbouring
 * lines together (a name printed on two lines), and, word by word, in the whole header (a name broken up by a
 * logo or OCR). Found: pass. Not found: doubt, unless the receipt plainly names another business (see
 * namesAnotherShop), never just because the name could not be read.
 */
function checkMerchant(fields: ExtractedReceipt, businessName: string): Finding {
  if (fields.merchantLines.length === 0) return { outcome: 'unsure', reason: because('receiptShopNameUnsure') };
  const lines = [...fields.merchantLines, ...fields.merchantLines.slice(1).map((line, index) => `${fields.merchantLines[index] ?? ''} ${line}`)];
  const best = Math.max(...lines.map((line) => nameSimilarity(line, businessName)));
  if (best >= MERCHANT_MATCH) return pass;
  if (distinctiveShare(fields.merchantLines.join(' '), businessName) >= HEADER_WORDS_MATCH) return pass;
  if (best < MERCHANT_MISMATCH && namesAnotherShop(fields)) return { outcome: 'reject', reason: because('receiptAnotherShop') };
  return { outcome: 'unsure', reason: because('receiptShopNameUnsure') };
}

/** The share of the name's distinctive words (three letters or more, not generic) found in the text; 0 without any. */
function distinctiveShare(text: string, businessName: string): number {
  const distinctive = telling(businessName).filter((word) => !GENERIC_WORDS.has(word) && word.length >= 3);
  if (distinctive.length < 2) return 0;
  const textWords = normaliseName(text);
  const found = distinctive.filter((word) => textWords.some((textWord) => readsAs(word, textWord))).length;
  return found / distinctive.length;
}

/**
 * Another shop is named only by a receipt that plainly is one (a date or a total was read) whose header has a
 * line in real words that says it is a business (a company suffix: Ltd, SDN BHD, Co., Inc, Enterprise, Trading):
 * OCR of a photo that is not a receipt reads letters in the noise, and a slogan or a logo's letters name no shop.
 */
function namesAnotherShop(fields: ExtractedReceipt): boolean {
  return (fields.date !== null || fields.total !== null) && fields.merchantLines.some((line) => COMPANY_SUFFIX.test(line) && isReadableName(line));
}

/**
 * Whether a happy-hour schedule has a window on a Malta date (a receipt carries its day, not its hour: a window that
 * runs past midnight counts for the day it starts and the day it ends). No schedule, or one that no longer reads: yes.
 */
function scheduleHoldsOn(schedule: string | null, date: string): boolean {
  if (schedule === null) return true;
  const reading = Hours.read(schedule);
  if (!reading.ok) return true;
  return reading.hours.intervals(maltaMidnight(date).getTime(), maltaDayEnd(date).getTime()).length > 0;
}

/** Below this OCR confidence (0..100) a date that breaks a rule may be a misread digit: doubt, not rejection. */
export const CONFIDENT_DATE = 85;

function checkDate(date: string | null, uploadedAt: Date, offer: OfferTerms | null, confidence = 100): Finding {
  if (date === null) return { outcome: 'unsure', reason: because('receiptDateUnreadable') };
  const doubtful: Finding = { outcome: 'unsure', reason: because('receiptDateUnreadable') };
  const uploadDay = maltaDateOf(uploadedAt);
  const age = daysBetween(date, uploadDay);
  // A date after the upload cannot be right: most likely a digit misread.
  if (age < 0) return { outcome: 'unsure', reason: because('receiptDateAfterUpload') };
  if (age > RECEIPT_MAX_AGE_DAYS) {
    return confidence < CONFIDENT_DATE ? doubtful : { outcome: 'reject', reason: because('receiptTooOld', { days: RECEIPT_MAX_AGE_DAYS }) };
  }
  if (offer && (date < offer.startDate || date > offer.endDate || !scheduleHoldsOn(offer.schedule ?? null, date))) {
    return confidence < CONFIDENT_DATE ? doubtful : { outcome: 'reject', reason: because('receiptOutsideOfferDates') };
  }
  return pass;
}

/** The most a receipt may total for the offer's discount to have been applied; null when no price rule applies. */
export function highestPricePaid(subtotal: number, offer: OfferTerms): number | null {
  if (offer.discountType === 'PERCENTAGE') return subtotal * (1 - offer.discountValue / 100) + CENT;
  if (offer.discountType === 'FIXED') return Math.max(0, subtotal - offer.discountValue) + CENT;
  return null;
}

function checkPrice(fields: ExtractedReceipt, offer: OfferTerms | null): Finding {
  if (!offer || offer.discountType === 'BUYXGETY') return pass;
  if (fields.total === null || fields.subtotal === null) return { outcome: 'unsure', reason: because('receiptTotalsUnreadable') };
  const highest = highestPricePaid(fields.subtotal, offer);
  // A tiny epsilon so that cents computed in floating point do not tip the balance.
  if (highest !== null && fields.total > highest + 1e-9) return { outcome: 'reject', reason: because('receiptPriceAboveOffer') };
  return pass;
}

export function decideReceipt(evidence: ReceiptEvidence): Verdict {
  if (evidence.isNearDuplicate) return { status: 'REJECTED', reason: because('receiptAlreadySubmitted') };
  const { fields } = evidence;
  // Scraps of letters that are no words (a photo of something else) are not text read from a receipt.
  const hasText = fields.merchantLines.some(isReadableName) || fields.date !== null || fields.total !== null;
  // Order matters for doubts only (a rejection wins over any doubt): what could not be read first, then evidence
  // that is never verified automatically (issue 24: a PDF's text layer, an image drawn by a program), then the rules.
  const findings: Finding[] = [
    hasText ? pass : { outcome: 'unsure', reason: because('receiptUnreadable') },
    evidence.allFilesRead ? pass : { outcome: 'unsure', reason: because('receiptUnreadable') },
    evidence.hasPdf ? { outcome: 'unsure', reason: because('receiptPdfNeedsShop') } : pass,
    evidence.hasDrawnImage ? { outcome: 'unsure', reason: because('receiptNotAPhoto') } : pass,
    hasText ? checkMerchant(fields, evidence.businessName) : pass,
    hasText ? checkDate(fields.date, evidence.uploadedAt, evidence.offer, fields.dateConfidence) : pass,
    hasText ? checkPrice(fields, evidence.offer) : pass,
  ];
  const rejection = findings.find((finding) => finding.outcome === 'reject');
  if (rejection && rejection.outcome === 'reject') return { status: 'REJECTED', reason: rejection.reason };
  const doubt = findings.find((finding) => finding.outcome === 'unsure');
  if (doubt && doubt.outcome === 'unsure') return { status: 'NEEDS_REVIEW', reason: doubt.reason };
  return { status: 'VERIFIED', reason: null };
}
