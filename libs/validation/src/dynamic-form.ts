// Dynamic forms (spec §3 "Form field definition", §5 "Dynamic forms"): the console renders a form from a
// list of field definitions and validates it with validateForm; the server re-validates the submitted
// values with the same definitions and the same function.
//
// A definition's `value` is the field's NAME: the key of its value in the form's values object (spec §3
// lists no other name property; `initialValue` is what the console seeds that key with).
//
// Field types and what each checks once the value is not empty, in this order (the first failure wins):
//
//   type        value                               checks
//   text        string (a number ≥ 0 for regex        minLen, maxLen ('cannot exceed'), regex kind, filter
//               numbers or decimals)
//   textarea    string                              as text
//   email       string                              EMAIL_PATTERN, minLen, maxLen, filter
//   password    string (never trimmed)              PASSWORD_PATTERN (PASSWORD_RULE_MESSAGE), minLen, maxLen
//   phone       digits string or integer            ten zeros, PHONE_PATTERN ('is not valid'), filter
//   pin         digits string or integer            000000, six digits ('should be 6 digits'), first digit 1-9 ('is not valid')
//   number      digits string or integer            digits only ('must be numbers'), minLen,
//                                                   maxLen = exactly that many digits ('should be {n} digits'), filter
//   amount      decimal string or number            a number ('Please give valid inputs'), 0..100000, filter
//   date        Date or ISO 8601 string             a real calendar date ('Please give valid inputs')
//   daterange   [start, end]                        two real dates ('Must have a Start and End Date'), end not before start
//   select      one option; an array when isMulti   the value's shape ('Please give valid inputs')
//
// Before all that: a value that is null, undefined, a string of only whitespace, or an array of only such
// values is empty. Empty and mandatory → '{label} is required' ('Please select at least one {label}' for a
// select with isMulti); empty and optional → passes. A half-filled date range is not empty.
// Text values are judged trimmed (lengths, patterns), lengths count characters as code points; the server
// should store the trimmed value. minLen, maxLen and regex are ignored where the table does not list them.
// "filter" is the backstop that keeps server and console in step: a value the field's keystroke filter
// (filterForField) would not have let the user type → 'Please give valid inputs'.
// `inputType` is the HTML input type the console renders; 'number' also means the number-input key rules
// of spec §5 (e, E, -, + and . blocked), so such a field's filter is digits-only. isClearable is presentation only.
import { amountProblem } from './amount.js';
import { controlCharacterField } from './control-characters.js';
import { characterCount, DIGIT_CLASS, LETTER_CLASS } from './characters.js';
import { allowText, type CharacterSet, type KeystrokeFilter } from './keystroke-filters.js';
import { AMOUNT_MAX, PHONE_DIGITS, PIN_DIGITS } from './limits.js';
import {
  dateRangeMessage,
  exactDigitsMessage,
  INVALID_INPUTS_MESSAGE,
  invalidEmailMessage,
  maxLengthMessage,
  minLengthMessage,
  notValidMessage,
  PASSWORD_RULE_MESSAGE,
  PHONE_ALL_ZEROS_MESSAGE,
  PIN_ALL_ZEROS_MESSAGE,
  regexKindMessage,
  requiredMessage,
  selectAtLeastOneMessage,
} from './messages.js';
import { PASSWORD_PATTERN } from './password.js';

export const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'password',
  'phone',
  'pin',
  'number',
  'amount',
  'date',
  'daterange',
  'select',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const HTML_INPUT_TYPES = ['text', 'number', 'email', 'tel', 'password'] as const;
export type HtmlInputType = (typeof HTML_INPUT_TYPES)[number];

export interface RegexKindDefinition {
  /** Tested against the trimmed value. */
  readonly pattern: RegExp;
  /** What the message says the value must be: '{label} must be {words}'. */
  readonly words: string;
  /** The keystroke filter that only lets a user type such values. */
  readonly characters: CharacterSet;
}

/**
 * Named patterns for `regex` on text fields. Letters are letters of any script; digits are ASCII;
 * alphabets and alphanumeric allow spaces between words ("Navi Mumbai"); decimals accept "5", "5.25",
 * ".5" and "5." (at least one digit, at most one dot).
 */
export const REGEX_KINDS = {
  alphabets: {
    pattern: new RegExp(`^[${LETTER_CLASS} ]+$`, 'u'),
    words: 'alphabets',
    characters: 'alphabets',
  },
  alphanumeric: {
    pattern: new RegExp(`^[${LETTER_CLASS}${DIGIT_CLASS} ]+$`, 'u'),
    words: 'alphanumeric',
    characters: 'alphanumeric',
  },
  numbers: { pattern: /^[0-9]+$/, words: 'numbers', characters: 'digits' },
  decimals: { pattern: /^(?:[0-9]+\.?[0-9]*|\.[0-9]+)$/, words: 'decimals', characters: 'decimal' },
} as const satisfies Record<string, RegexKindDefinition>;
export type RegexKind = keyof typeof REGEX_KINDS;

export function isRegexKind(name: string): name is RegexKind {
  return Object.hasOwn(REGEX_KINDS, name);
}

/** Spec §3 "Form field definition". */
export interface FormFieldDefinition {
  readonly type: FieldType;
  readonly label: string;
  /** The field's name: the key of its value in the form values. */
  readonly value: string;
  readonly mandatory?: boolean;
  readonly minLen?: number;
  readonly maxLen?: number;
  readonly regex?: RegexKind;
  readonly initialValue?: unknown;
  readonly inputType?: HtmlInputType;
  readonly isMulti?: boolean;
  readonly isClearable?: boolean;
}

/** Pragmatic ASCII address: dot-separated local part, dot-separated host labels, a TLD of 2+ letters. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
/** RFC 5321 limit; also keeps the pattern's work bounded on hostile input. */
export const EMAIL_MAX_LENGTH = 254;
/** Indian mobile number: 10 digits starting 6-9, without +91 or a leading 0. */
export const PHONE_PATTERN = /^[6-9][0-9]{9}$/;
/** Indian PIN code: 6 digits, the first 1-9. */
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;

const PHONE_ALL_ZEROS = new RegExp(`^0{${PHONE_DIGITS}}$`);
const PIN_ALL_ZEROS = new RegExp(`^0{${PIN_DIGITS}}$`);
const SIX_DIGITS = new RegExp(`^[0-9]{${PIN_DIGITS}}$`);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** null, undefined, a whitespace-only string, or an array holding only such values. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyValue);
  return false;
}

function isMultiSelect(field: FormFieldDefinition): boolean {
  return field.type === 'select' && field.isMulti === true;
}

/**
 * The keystroke filter the console attaches to the field's input, and that validateField holds submitted
 * values to; null for password, date, daterange and select.
 */
export function filterForField(field: FormFieldDefinition): KeystrokeFilter | null {
  const filter = baseFilter(field);
  if (filter === null || field.inputType !== 'number') return filter;
  return { ...filter, characters: 'digits' };
}

function baseFilter(field: FormFieldDefinition): KeystrokeFilter | null {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return withMaxLength(field.regex === undefined ? 'text' : REGEX_KINDS[field.regex].characters, field.maxLen);
    case 'email':
      return withMaxLength('email', field.maxLen);
    case 'number':
      return withMaxLength('digits', field.maxLen);
    case 'phone':
      return { characters: 'digits', maxLength: PHONE_DIGITS };
    case 'pin':
      return { characters: 'digits', maxLength: PIN_DIGITS };
    case 'amount':
      return { characters: 'decimal', max: AMOUNT_MAX };
    case 'password':
    case 'date':
    case 'daterange':
    case 'select':
      return null;
  }
}

function withMaxLength(characters: CharacterSet, maxLength: number | undefined): KeystrokeFilter {
  return maxLength === undefined ? { characters } : { characters, maxLength };
}

/** The trimmed text of a string, or of a non-negative safe integer where digits may arrive as a JSON number. */
function textOf(value: unknown, integersToo: boolean): string | null {
  if (typeof value === 'string') return value.trim();
  if (integersToo && typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return null;
}

/** A real calendar date: a valid Date, or an ISO 8601 date (2024-02-29) or date-time whose day exists. */
function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const match = ISO_DATE.exec(text);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
    return null; // 2024-02-30, 2023-02-29, month 13...
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

function lengthProblem(field: FormFieldDefinition, text: string): string | null {
  const length = characterCount(text);
  if (field.minLen !== undefined && length < field.minLen) return minLengthMessage(field.label, field.minLen);
  if (field.maxLen !== undefined && length > field.maxLen) return maxLengthMessage(field.label, field.maxLen);
  return null;
}

function filterProblem(field: FormFieldDefinition, text: string): string | null {
  const filter = filterForField(field);
  return filter === null || allowText(filter, text) ? null : INVALID_INPUTS_MESSAGE;
}

/** A number sent for a text field of numbers or decimals (a JSON body may carry 12.5 for "12.5"): its text. */
function numericText(field: FormFieldDefinition, value: unknown): string | null {
  const numeric = field.regex === 'numbers' || field.regex === 'decimals';
  return numeric && typeof value === 'number' && Number.isFinite(value) && value >= 0 ? String(value) : null;
}

function textProblem(field: FormFieldDefinition, value: unknown): string | null {
  const text = numericText(field, value) ?? textOf(value, false);
  if (text === null) return INVALID_INPUTS_MESSAGE;
  const length = lengthProblem(field, text);
  if (length !== null) return length;
  if (field.regex !== undefined) {
    const kind: RegexKindDefinition = REGEX_KINDS[field.regex];
    if (!kind.pattern.test(text)) return regexKindMessage(field.label, kind.words);
  }
  return filterProblem(field, text);
}

function emailProblem(field: FormFieldDefinition, value: unknown): string | null {
  const text = textOf(value, false);
  if (text === null) return INVALID_INPUTS_MESSAGE;
  if (text.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(text)) return invalidEmailMessage(field.label);
  return lengthProblem(field, text) ?? filterProblem(field, text);
}

function passwordProblem(field: FormFieldDefinition, value: unknown): string | null {
  if (typeof value !== 'string') return INVALID_INPUTS_MESSAGE;
  if (!PASSWORD_PATTERN.test(value)) return PASSWORD_RULE_MESSAGE;
  return lengthProblem(field, value);
}

function phoneProblem(field: FormFieldDefinition, value: unknown): string | null {
  const text = textOf(value, true);
  if (text === null) return INVALID_INPUTS_MESSAGE;
  if (PHONE_ALL_ZEROS.test(text)) return PHONE_ALL_ZEROS_MESSAGE;
  if (!PHONE_PATTERN.test(text)) return notValidMessage(field.label);
  return filterProblem(field, text);
}

function pinProblem(field: FormFieldDefinition, value: unknown): string | null {
  const text = textOf(value, true);
  if (text === null) return INVALID_INPUTS_MESSAGE;
  if (PIN_ALL_ZEROS.test(text)) return PIN_ALL_ZEROS_MESSAGE;
  if (!SIX_DIGITS.test(text)) return exactDigitsMessage(field.label, PIN_DIGITS);
  if (!PIN_PATTERN.test(text)) return notValidMessage(field.label);
  return filterProblem(field, text);
}

function numberProblem(field: FormFieldDefinition, value: unknown): string | null {
  const text = textOf(value, true);
  if (text === null) return INVALID_INPUTS_MESSAGE;
  if (!REGEX_KINDS.numbers.pattern.test(text)) return regexKindMessage(field.label, REGEX_KINDS.numbers.words);
  if (field.minLen !== undefined && text.length < field.minLen) return minLengthMessage(field.label, field.minLen);
  if (field.maxLen !== undefined && text.length !== field.maxLen) return exactDigitsMessage(field.label, field.maxLen);
  return filterProblem(field, text);
}

function amountFieldProblem(field: FormFieldDefinition, value: unknown): string | null {
  const problem = amountProblem(field.label, value);
  if (problem !== null) return problem;
  return typeof value === 'string' ? filterProblem(field, value.trim()) : null;
}

function dateRangeProblem(field: FormFieldDefinition, value: unknown): string | null {
  if (!Array.isArray(value) || value.length !== 2) return dateRangeMessage(field.label);
  const start = toDate(value[0]);
  const end = toDate(value[1]);
  if (start === null || end === null) return dateRangeMessage(field.label);
  return end.getTime() < start.getTime() ? INVALID_INPUTS_MESSAGE : null;
}

function selectProblem(field: FormFieldDefinition, value: unknown): string | null {
  return Array.isArray(value) === isMultiSelect(field) ? null : INVALID_INPUTS_MESSAGE;
}

/** The first problem with one field's value (see the table at the top of this file), or null. */
export function validateField(field: FormFieldDefinition, value: unknown): string | null {
  if (isEmptyValue(value)) {
    if (field.mandatory !== true) return null;
    return isMultiSelect(field) ? selectAtLeastOneMessage(field.label) : requiredMessage(field.label);
  }
  // No field of any type takes a control character (./control-characters.ts).
  if (controlCharacterField(value) !== null) return INVALID_INPUTS_MESSAGE;
  switch (field.type) {
    case 'text':
    case 'textarea':
      return textProblem(field, value);
    case 'email':
      return emailProblem(field, value);
    case 'password':
      return passwordProblem(field, value);
    case 'phone':
      return phoneProblem(field, value);
    case 'pin':
      return pinProblem(field, value);
    case 'number':
      return numberProblem(field, value);
    case 'amount':
      return amountFieldProblem(field, value);
    case 'date':
      return toDate(value) === null ? INVALID_INPUTS_MESSAGE : null;
    case 'daterange':
      return dateRangeProblem(field, value);
    case 'select':
      return selectProblem(field, value);
  }
}

/**
 * Every field's first problem, keyed by field name (definition.value); fields without a problem are absent,
 * so an empty object means the form is valid. A name missing from `values` is an empty value.
 * When two definitions share a name, the first one's problem is kept.
 */
export function validateForm(
  fields: readonly FormFieldDefinition[],
  values: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (Object.hasOwn(errors, field.value)) continue;
    const problem = validateField(field, Object.hasOwn(values, field.value) ? values[field.value] : undefined);
    if (problem !== null) errors[field.value] = problem;
  }
  return errors;
}
