// Character classes shared by the keystroke filters and the regex kinds, so that what a user can type
// and what the validator accepts are the same set. Regular-expression source fragments, used inside [...]
// with the `u` flag.

/** Letters of every script with their combining marks: "José", "Zoë", "राम" (Devanagari vowel signs are marks). */
export const LETTER_CLASS = '\\p{L}\\p{M}';

/** ASCII digits only: Devanagari or full-width digits are not numbers to the rest of the platform. */
export const DIGIT_CLASS = '0-9';

/** The characters of an email address as EMAIL_PATTERN accepts it (ASCII, no internationalised addresses). */
export const EMAIL_CLASS = 'A-Za-z0-9._%+\\-@';

/** Number of characters as a user sees them (code points), not UTF-16 units: "é" and "😀" count 1. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
