import { describe, expect, it } from '@jest/globals';
import { parseMinorUnits } from '@rayworks/validation';
import { addMoney, formatBasisPoints, formatMoney, money, moneySchema } from './money.js';

describe('Money', () => {
  it('is whole minor units with a currency; a fractional amount or an unknown currency is refused', () => {
    expect(moneySchema.parse({ amountMinor: 9950, currency: 'INR' })).toEqual({ amountMinor: 9950, currency: 'INR' });
    expect(moneySchema.safeParse({ amountMinor: 99.5, currency: 'INR' }).success).toBe(false);
    expect(moneySchema.safeParse({ amountMinor: 100, currency: 'XXX' }).success).toBe(false);
    expect(moneySchema.safeParse({ amount: 100, currency: 'INR' }).success).toBe(false);
  });

  it("adds '0.1' and '0.2' rupees to exactly '₹0.30'", () => {
    const sum = addMoney(money(parseMinorUnits('0.1')!), money(parseMinorUnits('0.2')!));
    expect(sum).toEqual({ amountMinor: 30, currency: 'INR' });
    expect(formatMoney(sum)).toBe('₹0.30');
  });

  it('formats from minor units with Intl.NumberFormat, exactly, in Indian grouping', () => {
    expect(formatMoney(money(12345678))).toBe('₹1,23,456.78');
    expect(formatMoney(money(-5))).toBe('-₹0.05');
    expect(formatMoney(money(Number.MAX_SAFE_INTEGER))).toBe('₹9,00,71,99,25,47,409.91');
    expect(formatMoney(money(100000), 'en-US')).toBe('₹1,000.00');
  });

  it('shows basis points as a percentage', () => {
    expect(formatBasisPoints(1250)).toBe('12.5%');
    expect(formatBasisPoints(10000)).toBe('100%');
  });
});
