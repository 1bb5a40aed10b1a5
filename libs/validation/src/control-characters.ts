// Control characters (docs/decisions/0075-inputs-refused-at-the-edge.md): no text a user sends may carry a C0
// control character other than tab, line feed and carriage return, nor DEL. PostgreSQL refuses NUL outright (a
// 500 before this rule), and the others only ever arrive from a forged request or a broken paste: they would end
// up in reports, PDFs, e-mails and logs. The server runs `controlCharacterField` on every request body before its
// schema (nest-kit parseContractBody: one place for every form and body); the console runs the same rule in
// validateField.
// A lone UTF-16 surrogate is refused the same way (no UTF-8 text, so no PostgreSQL text, can hold one).
import { INVALID_INPUTS_MESSAGE } from './messages.js';

/** NUL..BS, VT, FF, SO..US and DEL. Tab (U+0009), LF (U+000A) and CR (U+000D) are text a textarea may hold. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * A UTF-16 surrogate not in a pair (issue 20, item 14): JSON can carry one (`"\ud800"`), JavaScript strings hold
 * it, but no UTF-8 text can, so PostgreSQL refuses it (a 500: "invalid input syntax for type json" where a filter
 * reaches a jsonb value, an encoding error elsewhere). With the `u` flag a well-formed pair is one code point, so
 * only a lone surrogate matches.
 */
export const LONE_SURROGATE = /\p{Cs}/u;

/** A control character (above) or a lone surrogate: text no field may hold. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text) || LONE_SURROGATE.test(text);
}

/**
 * The first place in a JSON value (a request body) where a string or an object key holds a control character:
 * its dotted path ('name', 'items.2.label'; '' for the value itself), or null when there is none.
 */
export function controlCharacterField(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path.join('.') : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterField(value[i], [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) return [...path, key].join('.');
      const found = controlCharacterField(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The 400 message for a body with a control character: '<field>: Please give valid inputs' (spec §5's words). */
export function controlCharacterProblem(value: unknown): string | null {
  const field = controlCharacterField(value);
  if (field === null) return null;
  return field === '' ? INVALID_INPUTS_MESSAGE : `${field}: ${INVALID_INPUTS_MESSAGE}`;
}
