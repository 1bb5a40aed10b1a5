import { describe, expect, it } from '@jest/globals';
import { controlCharacterProblem, hasControlCharacter } from './control-characters.js';
import { INVALID_INPUTS_MESSAGE } from './messages.js';

describe('text no field may hold', () => {
  it.each([
    ['a NUL', 'a\u0000b', true],
    ['DEL', 'a\u007fb', true],
    ['a lone high surrogate', 'A\ud800B', true],
    ['a lone low surrogate', 'A\udc00', true],
    ['a high surrogate at the end', 'A\ud83d', true],
    ['a well-formed pair (an emoji)', 'A\u{1F600}', false],
    ['tab, line feed, carriage return', 'a\tb\nc\r', false],
    ['plain text with accents', 'Sharma^Rohan é', false],
  ])('%s', (_, text, refused) => {
    expect(hasControlCharacter(text)).toBe(refused);
  });

  it('names the field of a lone surrogate in a body (issue 20, item 14)', () => {
    expect(controlCharacterProblem({ page: 1, modality: 'CT\ud800' })).toBe(`modality: ${INVALID_INPUTS_MESSAGE}`);
    expect(controlCharacterProblem({ filters: [{ value: '\udfff' }] })).toBe(
      `filters.0.value: ${INVALID_INPUTS_MESSAGE}`,
    );
  });
});
