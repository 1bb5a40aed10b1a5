// Keystroke filters (spec §5): pure functions deciding whether a key, an inserted string or a whole text is
// allowed. The console calls them from onKeyDown / onBeforeInput / onPaste; a server can call sanitize() to
// clean free text and allowText() to check that a value is one the console could have produced.
//
//   text          anything but control characters (tab, newline and carriage return are kept)
//   alphabets     letters of any script and spaces
//   alphanumeric  letters of any script, ASCII digits and spaces
//   digits        ASCII digits: number inputs therefore block e, E, -, + and . (NUMBER_INPUT_BLOCKED_KEYS)
//   decimal       ASCII digits and at most one dot (".5" and "5." are allowed while typing)
//   email         A-Z a-z 0-9 . _ % + - and at most one @
//
// Every filter refuses leading whitespace. A filter may also carry maxLength (characters, counted as code
// points) and max (digits and decimal only: the value may not exceed it). There is no keystroke minimum:
// while typing 150 the value passes through 1 and 15, and no numeric filter can type a minus sign, so the
// only minimum of the specification (0 for amounts) holds by construction; larger minimums are checked on
// the final value by validateField / validateAmount.
import { characterCount, DIGIT_CLASS, EMAIL_CLASS, LETTER_CLASS } from './characters.js';

export const CHARACTER_SETS = ['text', 'alphabets', 'alphanumeric', 'digits', 'decimal', 'email'] as const;
export type CharacterSet = (typeof CHARACTER_SETS)[number];

export interface KeystrokeFilter {
  readonly characters: CharacterSet;
  /** Most characters (code points) the value may hold. */
  readonly maxLength?: number;
  /** Largest numeric value; used with 'digits' and 'decimal' only. */
  readonly max?: number;
}

/** A filter, or just its character set when there is no limit. */
export type FilterSpec = CharacterSet | KeystrokeFilter;

/** Keys an <input type="number"> accepts that the product does not want (spec §5). */
export const NUMBER_INPUT_BLOCKED_KEYS = ['e', 'E', '-', '+', '.'] as const;

const LEADING_WHITESPACE = /^\s/u;
const CONTROL = /\p{Cc}/u;
const KEPT_CONTROLS = new Set(['\t', '\n', '\r']);
const LETTER = new RegExp(`[${LETTER_CLASS}]`, 'u');
const DIGIT = new RegExp(`[${DIGIT_CLASS}]`);
const EMAIL_CHARACTER = new RegExp(`[${EMAIL_CLASS}]`);

function toFilter(filter: FilterSpec): KeystrokeFilter {
  return typeof filter === 'string' ? { characters: filter } : filter;
}

/** Whether one character may follow `sofar` (which the same rule already accepted). */
function acceptsCharacter(characters: CharacterSet, ch: string, sofar: string): boolean {
  if (sofar === '' && LEADING_WHITESPACE.test(ch)) return false;
  switch (characters) {
    case 'text':
      return !CONTROL.test(ch) || KEPT_CONTROLS.has(ch);
    case 'alphabets':
      return ch === ' ' || LETTER.test(ch);
    case 'alphanumeric':
      return ch === ' ' || LETTER.test(ch) || DIGIT.test(ch);
    case 'digits':
      return DIGIT.test(ch);
    case 'decimal':
      return DIGIT.test(ch) || (ch === '.' && !sofar.includes('.'));
    case 'email':
      return EMAIL_CHARACTER.test(ch) && !(ch === '@' && sofar.includes('@'));
  }
}

/**
 * The text a user would get by typing `text` key by key: characters the filter refuses are dropped, as are
 * leading whitespace, a second dot (decimal) and a second @ (email). maxLength and max are NOT applied
 * (cutting a pasted "919876543210" to ten digits would make a wrong phone number): check the result
 * with allowText and refuse the paste when it fails.
 */
export function sanitize(filter: FilterSpec, text: string): string {
  const { characters } = toFilter(filter);
  let out = '';
  for (const ch of text) {
    if (acceptsCharacter(characters, ch, out)) out += ch;
  }
  return out;
}

/** Whether a whole text is allowed: nothing for sanitize to remove, within maxLength and max. */
export function allowText(filter: FilterSpec, text: string): boolean {
  const f = toFilter(filter);
  if (sanitize(f, text) !== text) return false;
  if (f.maxLength !== undefined && characterCount(text) > f.maxLength) return false;
  if (f.max !== undefined && (f.characters === 'digits' || f.characters === 'decimal')) {
    const n = Number(text); // '' and '.' are not numbers yet: nothing to compare
    if (text !== '' && !Number.isNaN(n) && n > f.max) return false;
  }
  return true;
}

/**
 * Whether inserting `inserted` (a typed character, an IME composition or pasted text) into `currentValue`
 * over the selection [selectionStart, selectionEnd) gives an allowed text. Without a selection the text goes
 * at the end (the DOM reports null for <input type="number">). Indices are UTF-16 offsets, as the DOM gives
 * them. The current value is expected to be allowed already (seed it through sanitize).
 */
export function allowInsert(
  filter: FilterSpec,
  inserted: string,
  currentValue: string,
  selectionStart?: number | null,
  selectionEnd?: number | null,
): boolean {
  const start = Math.min(Math.max(selectionStart ?? currentValue.length, 0), currentValue.length);
  const end = Math.min(Math.max(selectionEnd ?? start, start), currentValue.length);
  return allowText(filter, currentValue.slice(0, start) + inserted + currentValue.slice(end));
}

/** A KeyboardEvent.key that types one character, as opposed to a named key (Backspace, ArrowLeft, Enter, Tab...). */
export function isCharacterKey(key: string): boolean {
  return characterCount(key) === 1;
}

/**
 * Whether a keydown may proceed. Named keys (Backspace, Delete, arrows, Tab, Enter...) always may; a
 * character key may when allowInsert allows it. The caller skips events with ctrlKey, metaKey or altKey
 * (shortcuts such as Ctrl+V are not typing) and handles paste through allowInsert/sanitize.
 */
export function allowKey(
  filter: FilterSpec,
  key: string,
  currentValue: string,
  selectionStart?: number | null,
  selectionEnd?: number | null,
): boolean {
  if (!isCharacterKey(key)) return true;
  return allowInsert(filter, key, currentValue, selectionStart, selectionEnd);
}

/** For an <input type="number">, whose text and selection the DOM hides: e, E, -, + and . are blocked. */
export function isBlockedNumberInputKey(key: string): boolean {
  return (NUMBER_INPUT_BLOCKED_KEYS as readonly string[]).includes(key);
}
