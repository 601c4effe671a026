import { describe, expect, it } from 'vitest';
import { FIELD_LABELS } from './field-labels.ts';
import { MESSAGES, formatMessage } from './messages.ts';
import { LANGUAGES } from './languages.ts';
import { addDays, maltaToday } from './malta-time.ts';
import { offerFieldsSchema } from './offer-schemas.ts';
import { receiptDecisionRequestSchema } from './receipt-schemas.ts';
import { signupRequestSchema } from './auth-schemas.ts';
import { EMOJI_TEXTS, WRITTEN_IN } from './testing/multilingual-text.ts';
import { adminDecisionSchema, reportCreateSchema, reviewCreateSchema, reviewReplySchema } from './trust-schemas.ts';
import { MAX_STACKED_MARKS, findTextProblem } from './text-rules.ts';
import { vendorRegistrationSchema } from './vendor-schemas.ts';

describe('control characters in free text', () => {
  it('finds every C0 and C1 control character and DEL, a line feed allowed in multi-line text', () => {
    for (const code of [...Array(0x20).keys(), 0x7f, ...Array.from({ length: 0x20 }, (_, index) => 0x80 + index)]) {
      const text = `a${String.fromCharCode(code)}b`;
      expect(findTextProblem(text), String(code)).toBe('controlCharacters');
      if (code !== 0x0a) expect(findTextProblem(text, { multiLine: true }), String(code)).toBe('controlCharacters');
    }
    expect(findTextProblem('Ħaż-Żebbuġ, Malta €5 ∑')).toBeUndefined();
    expect(findTextProblem('one\ntwo', { multiLine: true })).toBeUndefined();
    expect(findTextProblem('one\r\ntwo', { multiLine: true })).toBe('controlCharacters');
  });

  it('lets a rejection reason span lines (CR LF read as LF) but refuses a tab in it', () => {
    expect(receiptDecisionRequestSchema.parse({ status: 'REJECTED', reason: 'Wrong shop.\r\nPlease upload ours.' }).reason).toBe('Wrong shop.\nPlease upload ours.');
    const refused = receiptDecisionRequestSchema.safeParse({ status: 'REJECTED', reason: 'Wrong\tshop' });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['reason'],
      message: formatMessage(MESSAGES.controlCharactersMultiline, { label: FIELD_LABELS.reason }),
    });
  });
});

// Issue 25, finding 6: text that shows what it says.

const named = (code: 'controlCharacters' | 'controlCharactersMultiline' | 'invisibleCharacters' | 'noVisibleText', field: keyof typeof FIELD_LABELS) =>
  formatMessage(MESSAGES[code], { label: FIELD_LABELS[field] });
const tooManyMarks = (field: keyof typeof FIELD_LABELS) => formatMessage(MESSAGES.tooManyStackedMarks, { label: FIELD_LABELS[field], max: MAX_STACKED_MARKS });

const offer = (title: string) => ({
  title,
  description: 'Any ftira with a Kinnie',
  categoryId: '1',
  discountValue: '20',
  startDate: maltaToday(),
  endDate: addDays(maltaToday(), 30),
});
const businessNameIssue = (value: string) => vendorRegistrationSchema.shape.businessName.safeParse(value).error?.issues;
const titleIssue = (value: string) => offerFieldsSchema.safeParse(offer(value)).error?.issues;

describe('text that shows what it says (issue 25)', () => {
  it('has a shop, an offer title and a name written in each of the ten languages', () => {
    expect(Object.keys(WRITTEN_IN).sort()).toEqual(LANGUAGES.map((language) => language.code).sort());
  });

  it.each(LANGUAGES.map((language) => language.code))('accepts a shop name, an offer title and a person’s name in %s', (code) => {
    const { shop, title, person } = WRITTEN_IN[code];
    expect(vendorRegistrationSchema.shape.businessName.parse(shop)).toBe(shop);
    expect(offerFieldsSchema.parse(offer(title)).title).toBe(title);
    expect(signupRequestSchema.shape.name.parse(person)).toBe(person);
    expect(vendorRegistrationSchema.shape.primaryContactName.parse(person)).toBe(person);
  });

  it.each(EMOJI_TEXTS)('accepts the emoji of %s, joiners and all', (text) => {
    expect(findTextProblem(text)).toBeUndefined();
    expect(offerFieldsSchema.parse(offer(text)).title).toBe(text);
  });

  it('keeps the joiners Persian, Hindi and Sinhala spell with, and accents as Vietnamese writes them decomposed', () => {
    for (const text of ['کافه می\u200cخک', 'क्\u200dष', 'श्री\u200cराम', 'ශ්\u200dරී ලංකා', 'Phở Hà Nội'.normalize('NFD'), 'Tiệm Bánh Mì'.normalize('NFD')]) {
      expect(findTextProblem(text), text).toBeUndefined();
    }
  });

  it.each([
    ['U+202A', '\u202a'], ['U+202B', '\u202b'], ['U+202C', '\u202c'], ['U+202D', '\u202d'], ['U+202E', '\u202e'],
    ['U+2066', '\u2066'], ['U+2067', '\u2067'], ['U+2068', '\u2068'], ['U+2069', '\u2069'],
    ['U+200E', '\u200e'], ['U+200F', '\u200f'], ['U+061C', '\u061c'],
    ['U+200B', '\u200b'], ['U+2060', '\u2060'], ['U+FEFF', '\ufeff'], ['U+00AD', '\u00ad'], ['U+180E', '\u180e'], ['U+034F', '\u034f'],
    ['U+3164', '\u3164'], ['U+115F', '\u115f'], ['U+1160', '\u1160'], ['U+FFA0', '\uffa0'],
  ])('refuses %s, a character that is not seen or turns the text around, naming the field', (_name, character) => {
    expect(findTextProblem(`Free ${character}gnp.exe`)).toBe('invisibleCharacters');
    expect(findTextProblem(`Free ${character}gnp.exe`, { multiLine: true })).toBe('invisibleCharacters');
    expect(businessNameIssue(`Kafe ${character}Valletta`)).toMatchObject([{ path: [], message: named('invisibleCharacters', 'businessName') }]);
  });

  it('refuses “Free \\u202egnp.exe”, which shows as “Free exe.png”, as an offer title', () => {
    expect(titleIssue('Free \u202egnp.exe')).toMatchObject([{ path: ['title'], message: named('invisibleCharacters', 'title') }]);
  });

  it('refuses the joiners where no script or emoji needs them', () => {
    for (const text of ['Free\u200dcoffee', 'Free\u200ccoffee', '👩\u200d coffee', 'coffee \u200d🍳', 'مطعم\u200dcafé', '\u200d', 'a\ufe0f', '\ufe0fa']) {
      expect(findTextProblem(text), JSON.stringify(text)).toBe('invisibleCharacters');
    }
    // Tag characters spell a subdivision flag after 🏴 only, ended by CANCEL TAG.
    expect(findTextProblem('Scotland \u{e0067}\u{e0062}\u{e007f}')).toBe('invisibleCharacters');
    expect(findTextProblem('🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}')).toBe('invisibleCharacters');
  });

  it('refuses U+0085, U+2028 and U+2029 on one line (they break it), with the one-line message', () => {
    for (const character of ['\u0085', '\u2028', '\u2029', '\u0080', '\u009f']) {
      expect(findTextProblem(`Two${character}for one`)).toBe('controlCharacters');
      expect(titleIssue(`Two${character}for one`)).toMatchObject([{ path: ['title'], message: named('controlCharacters', 'title') }]);
    }
  });

  it('reads U+2028 and U+2029 as a line feed in multi-line text, and refuses U+0085 there', () => {
    expect(receiptDecisionRequestSchema.parse({ status: 'REJECTED', reason: 'Wrong shop.\u2028Please upload ours.\u2029Thanks' }).reason).toBe(
      'Wrong shop.\nPlease upload ours.\nThanks',
    );
    expect(receiptDecisionRequestSchema.safeParse({ status: 'REJECTED', reason: 'Wrong\u0085shop' }).error?.issues).toMatchObject([
      { path: ['reason'], message: named('controlCharactersMultiline', 'reason') },
    ]);
    expect(receiptDecisionRequestSchema.safeParse({ status: 'REJECTED', reason: 'Wrong\n\u202eshop' }).error?.issues).toMatchObject([
      { path: ['reason'], message: named('invisibleCharacters', 'reason') },
    ]);
  });

  it(`keeps up to ${MAX_STACKED_MARKS} accents on one letter and refuses more (50 stacked is not a title)`, () => {
    const accents = (count: number) => `Cafe${'\u0301'.repeat(count)} Valletta`;
    expect(findTextProblem(accents(MAX_STACKED_MARKS))).toBeUndefined();
    expect(findTextProblem(accents(MAX_STACKED_MARKS + 1))).toBe('tooManyStackedMarks');
    expect(titleIssue(accents(50))).toMatchObject([{ path: ['title'], message: tooManyMarks('title') }]);
    expect(businessNameIssue(accents(50))).toMatchObject([{ path: [], message: tooManyMarks('businessName') }]);
    // Each letter has its own allowance: many accented letters in a row are fine.
    expect(findTextProblem('ệ'.normalize('NFD').repeat(20))).toBeUndefined();
  });

  it('refuses a name that shows nothing (two Hangul fillers, Braille blanks, marks alone)', () => {
    expect(businessNameIssue('\u3164\u3164')).toMatchObject([{ path: [], message: named('invisibleCharacters', 'businessName') }]);
    expect(signupRequestSchema.shape.name.safeParse('\u3164\u3164').error?.issues[0]?.message).toBe(named('invisibleCharacters', 'name'));
    expect(businessNameIssue('\u2800\u2800')).toMatchObject([{ path: [], message: named('noVisibleText', 'businessName') }]);
    expect(findTextProblem('\u0301\u0301')).toBe('noVisibleText');
    expect(findTextProblem('')).toBeUndefined();
  });

  it('holds reviews, replies, reports and an admin’s reasons to the multi-line rules, naming each', () => {
    const review = (text: string) => reviewCreateSchema.safeParse({ claimId: 1, stars: 5, text });
    expect(review('Great ftira!\r\nThe best in Ħamrun 👩\u200d🍳').data?.text).toBe('Great ftira!\nThe best in Ħamrun 👩\u200d🍳');
    expect(review('مطعم رائع\n٥ نجوم').data?.text).toBe('مطعم رائع\n٥ نجوم');
    expect(review('   ').data?.text).toBeNull();
    expect(review('Great \u202egnp.exe').error?.issues).toMatchObject([{ path: ['text'], message: named('invisibleCharacters', 'reviewText') }]);
    expect(review('Great\tftira').error?.issues).toMatchObject([{ path: ['text'], message: named('controlCharactersMultiline', 'reviewText') }]);
    expect(review(`Gre${'\u0300'.repeat(50)}at`).error?.issues).toMatchObject([{ path: ['text'], message: tooManyMarks('reviewText') }]);
    expect(reviewReplySchema.safeParse({ text: 'Grazzi!\u200b' }).error?.issues).toMatchObject([{ path: ['text'], message: named('invisibleCharacters', 'replyText') }]);
    expect(reviewReplySchema.parse({ text: 'Grazzi ħafna! 🙏🏽' }).text).toBe('Grazzi ħafna! 🙏🏽');
    expect(reportCreateSchema.safeParse({ kind: 'REVIEW', id: 1, reason: 'OTHER', text: '\u3164\u3164' }).error?.issues).toMatchObject([
      { path: ['text'], message: named('invisibleCharacters', 'reportText') },
    ]);
    expect(adminDecisionSchema.safeParse({ status: 'REJECTED', reason: 'Licence \u2066expired\u2069' }).error?.issues).toMatchObject([
      { path: ['reason'], message: named('invisibleCharacters', 'reason') },
    ]);
  });
});
