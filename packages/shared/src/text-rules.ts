/**
 * Free text that shows what it says (issues 10 and 25). Single-line fields (names, phones, e-mails, addresses, titles)
 * refuse every control character (C0, DEL and C1, tabs and line breaks included, U+2028 and U+2029 too); multi-line
 * fields (descriptions, terms, reasons) keep line feeds, read a CR LF, U+2028 or U+2029 as one LF and refuse the rest.
 * Both refuse what a reader cannot see (format characters such as the bidirectional controls and zero-width spaces,
 * Hangul fillers and the other default-ignorable characters), text with nothing visible in it and more than
 * MAX_STACKED_MARKS accents on one letter, but keep the joiners and selectors that scripts and emoji need.
 * ADR 017 says why each line is where it is. Migration 0008 cleaned the control characters stored before issue 10.
 */
import type { z } from 'zod';
import { FIELD_LABELS } from './field-labels.ts';
import { codedMessage } from './message-codes.ts';

/** The most non-spacing marks one character may carry: Vietnamese and Devanagari need two, Tibetan and Hebrew three. */
export const MAX_STACKED_MARKS = 3;

/** What is wrong with a text, as the code of the message that says so. */
export type TextProblem = 'controlCharacters' | 'invisibleCharacters' | 'tooManyStackedMarks' | 'noVisibleText';

const CONTROL = /[\p{Cc}\u2028\u2029]/u;
// Format characters (bidirectional controls and marks, zero-width spaces, the soft hyphen, tags) and the characters
// Unicode says to draw as nothing (Hangul fillers, variation selectors, the combining grapheme joiner).
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const STACKING_MARK = /[\p{Mn}\p{Me}]/u;
const SPACING_MARK = /\p{Mc}/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
// Scripts whose spelling uses ZWNJ and ZWJ between letters: Persian and Urdu in Arabic script, the Brahmic scripts.
const JOINING_SCRIPT =
  /[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Myanmar}\p{scx=Khmer}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;
const HAS_EMOJI_FORM = /\p{Emoji}/u;
const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const EMOJI_PRESENTATION_SELECTOR = /[\uFE0E\uFE0F]/u;
const MONGOLIAN_SELECTOR = /[\u180B-\u180D\u180F]/u;
const MONGOLIAN = /\p{scx=Mongolian}/u;
const WAVING_BLACK_FLAG = 0x1f3f4;
const TAG_CANCEL = 0xe007f;
const ZWNJ = '\u200C';
const ZWJ = '\u200D';
// Nothing to see: spaces, controls, ignorables, marks with no letter, and the symbols drawn blank (Braille blank).
const BLANK = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800\u{1D159}]/u;

const isLetterOfJoiningScript = (character: string | undefined) =>
  character !== undefined && LETTER_OR_MARK.test(character) && JOINING_SCRIPT.test(character);

/** The pictograph an emoji ends with, looking back past its variation selector and skin-tone modifier. */
function endsWithPictograph(characters: readonly string[], before: number): boolean {
  let index = before;
  const current = () => characters[index] ?? '';
  if (current() === '\uFE0F') index -= 1;
  if (EMOJI_MODIFIER.test(current())) index -= 1;
  return PICTOGRAPH.test(current());
}

/** A ZWNJ or ZWJ between two letters of a script that spells with it, or a ZWJ joining two emoji (👩‍🍳). */
function isNeededJoiner(characters: readonly string[], index: number): boolean {
  const joiner = characters[index];
  if (isLetterOfJoiningScript(characters[index - 1]) && isLetterOfJoiningScript(characters[index + 1])) return true;
  return joiner === ZWJ && endsWithPictograph(characters, index - 1) && PICTOGRAPH.test(characters[index + 1] ?? '');
}

/** How many tag characters from `index` spell a subdivision flag (🏴 then tags then CANCEL TAG, as 🏴󠁧󠁢󠁳󠁣󠁴󠁿), else 0. */
function flagTagLength(characters: readonly string[], index: number): number {
  if (characters[index - 1]?.codePointAt(0) !== WAVING_BLACK_FLAG) return 0;
  for (let end = index; end < characters.length; end += 1) {
    const code = characters[end]?.codePointAt(0) ?? 0;
    if (code === TAG_CANCEL) return end > index ? end - index + 1 : 0;
    if (code < 0xe0020 || code > 0xe007e) return 0;
  }
  return 0;
}

/** Whether an invisible character at `index` is one a script or an emoji needs there. */
function isNeededInvisible(characters: readonly string[], index: number): boolean {
  const character = characters[index] ?? '';
  const previous = characters[index - 1];
  if (character === ZWNJ || character === ZWJ) return isNeededJoiner(characters, index);
  // A selector chooses how the character before it is drawn: text or emoji (❤️, 1️⃣), a CJK or math variant.
  if (EMOJI_PRESENTATION_SELECTOR.test(character)) return previous !== undefined && HAS_EMOJI_FORM.test(previous);
  if (VARIATION_SELECTOR.test(character)) return previous !== undefined && !BLANK.test(previous);
  if (MONGOLIAN_SELECTOR.test(character)) return previous !== undefined && MONGOLIAN.test(previous);
  return false;
}

/**
 * The first thing that keeps a text from showing what it says, or undefined. A multi-line text may hold line feeds;
 * everything else is judged alike.
 */
export function findTextProblem(value: string, { multiLine = false } = {}): TextProblem | undefined {
  const characters = Array.from(value);
  if (characters.some((character) => CONTROL.test(character) && !(multiLine && character === '\n'))) return 'controlCharacters';
  let stackedMarks = 0;
  let hasVisible = false;
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index] ?? '';
    if (INVISIBLE.test(character)) {
      const tags = flagTagLength(characters, index);
      if (tags > 0) {
        index += tags - 1;
        continue;
      }
      if (!isNeededInvisible(characters, index)) return 'invisibleCharacters';
    }
    if (STACKING_MARK.test(character)) {
      stackedMarks += 1;
      if (stackedMarks > MAX_STACKED_MARKS) return 'tooManyStackedMarks';
    } else if (!SPACING_MARK.test(character) && !INVISIBLE.test(character)) {
      // A spacing mark (Devanagari's ि) sits beside its letter, so it neither stacks nor starts a new pile.
      stackedMarks = 0;
    }
    if (!BLANK.test(character)) hasVisible = true;
  }
  return hasVisible || characters.length === 0 ? undefined : 'noVisibleText';
}

type Field = keyof typeof FIELD_LABELS;

function textProblemMessages(field: Field, controlCode: 'controlCharacters' | 'controlCharactersMultiline') {
  const named = { field, label: FIELD_LABELS[field] };
  return {
    controlCharacters: codedMessage(controlCode, named),
    invisibleCharacters: codedMessage('invisibleCharacters', named),
    tooManyStackedMarks: codedMessage('tooManyStackedMarks', { ...named, max: MAX_STACKED_MARKS }),
    noVisibleText: codedMessage('noVisibleText', named),
  } satisfies Record<TextProblem, string>;
}

function refuseTextProblems(text: z.ZodString, messages: Record<TextProblem, string>, multiLine: boolean) {
  return text.superRefine((value, context) => {
    const problem = findTextProblem(value, { multiLine });
    if (problem) context.addIssue({ code: 'custom', message: messages[problem] });
  });
}

/** Refuses control and invisible characters, stacked marks and blank text, naming the field. */
export function singleLine(field: Field) {
  const messages = textProblemMessages(field, 'controlCharacters');
  return (text: z.ZodString) => refuseTextProblems(text, messages, false);
}

/**
 * Keeps line breaks (a CR LF, as browsers send a textarea, and the Unicode line and paragraph separators become LF)
 * and refuses what `singleLine` refuses otherwise.
 */
export function multiLine(field: Field) {
  const messages = textProblemMessages(field, 'controlCharactersMultiline');
  return (text: z.ZodString) => refuseTextProblems(text.overwrite((value) => value.replace(/\r\n|[\u2028\u2029]/g, '\n')), messages, true);
}
