import { describe, expect, it } from '@jest/globals';
import { rupeesInWords } from './amount-in-words.js';

describe('rupeesInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [5, 'Rupees Zero and Five Paise Only'],
    [100, 'Rupees One Only'],
    [1_900, 'Rupees Nineteen Only'],
    [2_000, 'Rupees Twenty Only'],
    [9_950, 'Rupees Ninety Nine and Fifty Paise Only'],
    [10_000, 'Rupees One Hundred Only'],
    [315_000, 'Rupees Three Thousand One Hundred Fifty Only'],
    [12_345_678, 'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only'],
    [10_000_000_00, 'Rupees One Crore Only'],
    [
      99_99_99_999_99,
      'Rupees Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only',
    ],
    [1_000_00_00_000_00, 'Rupees Ten Arab Only'],
  ])('writes %d paise as %s (the Indian scale: lakh, crore)', (minor, words) => {
    expect(rupeesInWords(minor)).toBe(words);
  });

  it('refuses what is not an amount', () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
  });
});
