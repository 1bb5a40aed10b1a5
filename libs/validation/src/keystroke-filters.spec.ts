import { describe, expect, it } from '@jest/globals';
import {
  allowInsert,
  allowKey,
  allowText,
  CHARACTER_SETS,
  isBlockedNumberInputKey,
  isCharacterKey,
  NUMBER_INPUT_BLOCKED_KEYS,
  sanitize,
} from './keystroke-filters.js';

describe('character sets', () => {
  it('are the six of spec §5', () => {
    expect(CHARACTER_SETS).toEqual(['text', 'alphabets', 'alphanumeric', 'digits', 'decimal', 'email']);
  });
});

describe('no leading space (every filter)', () => {
  it.each(CHARACTER_SETS)('%s refuses a space as the first character', (characters) => {
    expect(allowKey(characters, ' ', '')).toBe(false);
    expect(allowKey(characters, ' ', 'ab', 0)).toBe(false);
    expect(allowText(characters, ' 1')).toBe(false);
  });

  it('refuses any leading whitespace, and strips it from pasted text', () => {
    expect(allowText('text', '\tabc')).toBe(false);
    expect(allowText('text', '\u00a0abc')).toBe(false);
    expect(sanitize('text', '  \n Rao')).toBe('Rao');
    expect(sanitize('alphabets', '   Navi Mumbai')).toBe('Navi Mumbai');
  });

  it('allows spaces after the first character where the set has spaces', () => {
    expect(allowKey('text', ' ', 'Navi')).toBe(true);
    expect(allowKey('alphabets', ' ', 'Navi')).toBe(true);
    expect(allowKey('alphanumeric', ' ', 'Flat 4')).toBe(true);
    expect(allowKey('digits', ' ', '98')).toBe(false);
    expect(allowKey('email', ' ', 'a')).toBe(false);
  });
});

describe('text', () => {
  it('allows anything printable, with tabs and newlines inside', () => {
    expect(allowText('text', "Dr. D'Souza, #12 — 50%\nline two\tend")).toBe(true);
  });

  it('refuses control characters', () => {
    expect(allowText('text', 'a\u0000b')).toBe(false);
    expect(sanitize('text', 'a\u0000b\u0007c')).toBe('abc');
  });
});

describe('alphabets', () => {
  it('allows letters of every script', () => {
    expect(allowText('alphabets', 'José Zoë')).toBe(true);
    expect(allowText('alphabets', 'राम कुमार')).toBe(true);
    expect(allowKey('alphabets', 'é', 'Jos')).toBe(true);
  });

  it('refuses digits and symbols', () => {
    expect(allowKey('alphabets', '1', 'Ram')).toBe(false);
    expect(allowKey('alphabets', '.', 'Dr')).toBe(false);
    expect(allowKey('alphabets', "'", 'D')).toBe(false);
    expect(sanitize('alphabets', 'R4m-Kum@r')).toBe('RmKumr');
  });
});

describe('alphanumeric', () => {
  it('allows letters, ASCII digits and spaces', () => {
    expect(allowText('alphanumeric', 'Flat 4B Ålesund')).toBe(true);
  });

  it('refuses symbols and non-ASCII digits', () => {
    expect(allowKey('alphanumeric', '-', 'AB')).toBe(false);
    expect(allowKey('alphanumeric', '४', 'AB')).toBe(false);
    expect(sanitize('alphanumeric', 'CT-2024/01')).toBe('CT202401');
  });
});

describe('digits', () => {
  it('allows ASCII digits only', () => {
    expect(allowKey('digits', '7', '98')).toBe(true);
    expect(allowKey('digits', 'a', '98')).toBe(false);
    expect(allowKey('digits', '٣', '98')).toBe(false);
  });

  it.each(NUMBER_INPUT_BLOCKED_KEYS)('blocks the number-input key %p', (key) => {
    expect(allowKey('digits', key, '12')).toBe(false);
    expect(isBlockedNumberInputKey(key)).toBe(true);
  });

  it('lists e, E, -, + and . as the number-input blocked keys', () => {
    expect(NUMBER_INPUT_BLOCKED_KEYS).toEqual(['e', 'E', '-', '+', '.']);
    expect(isBlockedNumberInputKey('5')).toBe(false);
    expect(isBlockedNumberInputKey('Backspace')).toBe(false);
  });

  it('strips letters from pasted text, and a paste that is then too long is refused, not cut', () => {
    const phone = { characters: 'digits', maxLength: 10 } as const;
    expect(sanitize(phone, '98a76b54c32d10')).toBe('9876543210');
    expect(allowInsert(phone, sanitize(phone, '98765 43210'), '')).toBe(true);
    expect(sanitize(phone, '+91 98765 43210')).toBe('919876543210');
    expect(allowInsert(phone, sanitize(phone, '+91 98765 43210'), '')).toBe(false);
    expect(allowInsert(phone, '98a76', '')).toBe(false);
  });
});

describe('decimal', () => {
  it('allows one dot', () => {
    expect(allowKey('decimal', '.', '12')).toBe(true);
    expect(allowKey('decimal', '5', '12.')).toBe(true);
    expect(allowKey('decimal', '.', '')).toBe(true);
  });

  it('refuses a second dot, wherever it goes', () => {
    expect(allowKey('decimal', '.', '12.5')).toBe(false);
    expect(allowKey('decimal', '.', '12.5', 1)).toBe(false);
    expect(allowText('decimal', '1.2.3')).toBe(false);
  });

  it('allows a dot that replaces the selected dot', () => {
    expect(allowKey('decimal', '.', '12.5', 2, 3)).toBe(true);
  });

  it('keeps the first dot of pasted text', () => {
    expect(sanitize('decimal', '1.2.3')).toBe('1.23');
    expect(sanitize('decimal', 'Rs. 1,250.50')).toBe('.125050');
  });

  it('refuses e, minus and plus', () => {
    expect(allowKey('decimal', 'e', '1')).toBe(false);
    expect(allowKey('decimal', '-', '')).toBe(false);
    expect(allowKey('decimal', '+', '')).toBe(false);
  });
});

describe('email', () => {
  it('allows the characters of an address and one @', () => {
    expect(allowText('email', 'first.last+tag_1%x@centre-1.example.in')).toBe(true);
    expect(allowKey('email', '@', 'a')).toBe(true);
    expect(allowKey('email', '@', 'a@b')).toBe(false);
  });

  it('refuses other characters', () => {
    expect(allowKey('email', '#', 'a')).toBe(false);
    expect(allowKey('email', 'é', 'a')).toBe(false);
    expect(sanitize('email', ' john doe@@mail.com ')).toBe('johndoe@mail.com');
  });
});

describe('max value', () => {
  const amount = { characters: 'decimal', max: 100000 } as const;

  it('allows 0 and 100000', () => {
    expect(allowText(amount, '0')).toBe(true);
    expect(allowText(amount, '100000')).toBe(true);
    expect(allowText(amount, '100000.')).toBe(true);
    expect(allowText(amount, '100000.00')).toBe(true);
  });

  it('refuses the key that would pass 100000', () => {
    expect(allowKey(amount, '1', '100000.0')).toBe(false);
    expect(allowKey(amount, '0', '100000')).toBe(false);
    expect(allowKey(amount, '1', '00000', 0)).toBe(true);
    expect(allowKey(amount, '2', '00000', 0)).toBe(false);
    expect(allowText(amount, '100000.01')).toBe(false);
  });

  it('is ignored by non-numeric sets', () => {
    expect(allowText({ characters: 'alphanumeric', max: 5 }, '999')).toBe(true);
  });
});

describe('max length', () => {
  const pin = { characters: 'digits', maxLength: 6 } as const;

  it('allows exactly maxLength characters and refuses one more', () => {
    expect(allowKey(pin, '6', '12345')).toBe(true);
    expect(allowKey(pin, '7', '123456')).toBe(false);
  });

  it('allows a key that replaces a selection of the same size', () => {
    expect(allowKey(pin, '9', '123456', 0, 1)).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(allowText({ characters: 'text', maxLength: 2 }, '😀😀')).toBe(true);
    expect(allowText({ characters: 'text', maxLength: 2 }, '😀😀😀')).toBe(false);
  });
});

describe('keys and insertion', () => {
  it('tells character keys from named keys', () => {
    expect(isCharacterKey('a')).toBe(true);
    expect(isCharacterKey('😀')).toBe(true);
    expect(isCharacterKey('Backspace')).toBe(false);
    expect(isCharacterKey('ArrowLeft')).toBe(false);
  });

  it('always lets named keys through', () => {
    for (const key of ['Backspace', 'Delete', 'ArrowLeft', 'Tab', 'Enter', 'Home', 'End']) {
      expect(allowKey('digits', key, '123456', 0)).toBe(true);
      expect(allowKey({ characters: 'digits', maxLength: 3 }, key, '123')).toBe(true);
    }
  });

  it('inserts at the caret, replacing the selection', () => {
    // "AB" + "1" at the start of an alphabets field, a letter at the start of a digits field
    expect(allowInsert('alphabets', 'x', 'AB', 1)).toBe(true);
    expect(allowInsert('digits', 'x', '12', 1, 2)).toBe(false);
    expect(allowInsert('digits', '34', '12', 0, 2)).toBe(true);
  });

  it('appends when the selection is unknown (null, as for <input type="number">) and clamps odd indices', () => {
    expect(allowInsert('decimal', '.', '1.5', null, null)).toBe(false);
    expect(allowInsert('decimal', '5', '1.', 99, 120)).toBe(true);
    expect(allowInsert({ characters: 'digits', maxLength: 2 }, '3', '12', -4)).toBe(false);
  });

  it('refuses a paste that brings a second @ or a leading space', () => {
    expect(allowInsert('email', 'x@y', 'a@b')).toBe(false);
    expect(allowInsert('text', '  hello', '')).toBe(false);
  });
});

describe('sanitize and allowText agree', () => {
  it.each([
    ['text', 'ok text'],
    ['alphabets', 'Pune'],
    ['alphanumeric', 'Ward 7'],
    ['digits', '411001'],
    ['decimal', '12.75'],
    ['email', 'a@b.in'],
  ] as const)('%s keeps an allowed text %p unchanged', (characters, text) => {
    expect(sanitize(characters, text)).toBe(text);
    expect(allowText(characters, text)).toBe(true);
  });

  it('allows the empty text', () => {
    for (const characters of CHARACTER_SETS) expect(allowText(characters, '')).toBe(true);
  });
});
