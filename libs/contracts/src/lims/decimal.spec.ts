import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { compareDecimal, decimalOf, decimalText, parseDecimal, subtractDecimal } from './decimal.js';

/** Decimal text with up to 6 fraction digits, and the same value as an integer of millionths. */
const decimalArb = fc
  .tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 6 }))
  .map(([millionths, shown]) => {
    const negative = millionths < 0n;
    const digits = (negative ? -millionths : millionths).toString().padStart(7, '0');
    const whole = digits.slice(0, -6);
    const fraction = digits.slice(-6);
    // Show at least the digits the value needs, padded with zeros up to `shown` ('4.5' may be written '4.500').
    const needed = fraction.replace(/0+$/, '');
    const written = needed.padEnd(Math.max(needed.length, shown), '0');
    return { text: `${negative ? '-' : ''}${whole}${written ? `.${written}` : ''}`, millionths };
  });

describe('decimal text', () => {
  it('reads decimal text and nothing else', () => {
    expect(parseDecimal(' 4.50 ')).toEqual({ units: 450n, scale: 2 });
    expect(parseDecimal('-0.3')).toEqual({ units: -3n, scale: 1 });
    for (const bad of ['', '4.', '.5', '4,5', '1e3', 'NaN', 'Infinity', '0x10', '4.5.6', '+4', '1.1234567', '<0.5'])
      expect(parseDecimal(bad)).toBeNull();
    expect(() => decimalOf('abc')).toThrow(RangeError);
  });

  it('compares exactly where floats do not (0.1 + 0.2 against 0.3)', () => {
    expect(compareDecimal(decimalOf('4.5'), decimalOf('4.50'))).toBe(0);
    expect(compareDecimal(decimalOf('0.3'), decimalOf('0.30000000000000004'.slice(0, 8)))).toBe(0);
    expect(compareDecimal(decimalOf('-1'), decimalOf('-0.999999'))).toBe(-1);
    expect(decimalText(subtractDecimal(decimalOf('0.3'), decimalOf('0.1')))).toBe('0.2');
  });

  it('orders and subtracts as integers of millionths do', () => {
    fc.assert(
      fc.property(decimalArb, decimalArb, (a, b) => {
        const x = decimalOf(a.text);
        const y = decimalOf(b.text);
        const expected = a.millionths < b.millionths ? -1 : a.millionths > b.millionths ? 1 : 0;
        expect(compareDecimal(x, y)).toBe(expected);
        const difference = decimalOf(decimalText(subtractDecimal(x, y)));
        expect(compareDecimal(difference, { units: a.millionths - b.millionths, scale: 6 })).toBe(0);
      }),
    );
  });

  it('writes a value back without trailing zeros, and reads what it writes', () => {
    expect(decimalText(decimalOf('4.500'))).toBe('4.5');
    expect(decimalText(decimalOf('-0.0'))).toBe('0');
    expect(decimalText(decimalOf('120'))).toBe('120');
    fc.assert(
      fc.property(decimalArb, ({ text }) => {
        const written = decimalText(decimalOf(text));
        expect(compareDecimal(decimalOf(written), decimalOf(text))).toBe(0);
        expect(written).not.toMatch(/\.\d*0$/);
      }),
    );
  });
});
