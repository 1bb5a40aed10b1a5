import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  financialYearDates,
  financialYearLabel,
  financialYearOf,
  formatInvoiceNumber,
  InvoiceNumberError,
  parseFinancialYear,
  parseInvoiceNumber,
} from './financial-year.js';
import { BillingCalendarError } from './local-time.js';

describe('financialYearOf', () => {
  it.each([
    ['2026-03-31T18:29:00Z', '2025-26'], // 31 Mar 23:59 IST
    ['2026-03-31T18:30:00Z', '2026-27'], // 1 Apr 00:00 IST
    ['2026-06-15T06:00:00Z', '2026-27'],
    ['2026-12-31T18:30:00Z', '2026-27'], // 1 Jan 2027 00:00 IST: a new calendar year, the same financial year
    ['2027-03-31T18:29:59Z', '2026-27'],
    ['2000-01-01T00:00:00Z', '1999-00'],
  ])('%s in Asia/Kolkata is %s', (at, label) => {
    expect(financialYearOf(at, 'Asia/Kolkata')).toBe(label);
  });

  it('is decided on the centre clock: one instant, two years', () => {
    const at = '2026-03-31T20:00:00Z';
    expect(financialYearOf(at, 'Asia/Kolkata')).toBe('2026-27'); // 1 Apr 01:30 IST
    expect(financialYearOf(at, 'America/New_York')).toBe('2025-26'); // 31 Mar 16:00 EDT
    expect(financialYearOf(at, 'UTC')).toBe('2025-26');
  });

  it('refuses an unknown time zone or an instant that names no time', () => {
    expect(() => financialYearOf('2026-04-01T00:00:00Z', 'India/Delhi')).toThrow(BillingCalendarError);
    expect(() => financialYearOf('not a date', 'Asia/Kolkata')).toThrow(BillingCalendarError);
  });
});

describe('financial year labels', () => {
  it.each([
    [2026, '2026-27'],
    [1999, '1999-00'],
    [2009, '2009-10'],
  ])('%d starts %s', (year, label) => {
    expect(financialYearLabel(year)).toBe(label);
    expect(parseFinancialYear(label)).toBe(year);
  });

  it.each(['2026-28', '2026-2027', '26-27', '2026/27', '', '2026-27 '])('%p is not a financial year', (label) => {
    expect(parseFinancialYear(label)).toBeNull();
  });

  it('refuses a year that is not a whole four-digit year', () => {
    expect(() => financialYearLabel(2026.5)).toThrow(InvoiceNumberError);
    expect(() => financialYearLabel(99)).toThrow(InvoiceNumberError);
  });

  it('runs from 1 April to 31 March', () => {
    expect(financialYearDates('2026-27')).toEqual({ firstDay: '2026-04-01', lastDay: '2027-03-31' });
    expect(() => financialYearDates('2026-28')).toThrow(InvoiceNumberError);
  });
});

describe('invoice numbers', () => {
  it('are the centre code, the financial year and a six-digit sequence', () => {
    expect(formatInvoiceNumber({ centreCode: 'BLR01', financialYear: '2026-27', sequence: 123 })).toBe(
      'BLR01/2026-27/000123',
    );
    expect(formatInvoiceNumber({ centreCode: 'HYD-2', financialYear: '2026-27', sequence: 1 })).toBe(
      'HYD-2/2026-27/000001',
    );
  });

  it('write a sequence beyond six digits in full', () => {
    expect(formatInvoiceNumber({ centreCode: 'BLR01', financialYear: '2026-27', sequence: 1234567 })).toBe(
      'BLR01/2026-27/1234567',
    );
  });

  it.each([
    ['a lower-case code', { centreCode: 'blr01' }],
    ['a code with a slash', { centreCode: 'BLR/01' }],
    ['a code with a space', { centreCode: 'BLR 01' }],
    ['an empty code', { centreCode: '' }],
    ['a code of 13 characters', { centreCode: 'ABCDEFGHIJKLM' }],
    ['a malformed year', { financialYear: '2026-28' }],
    ['a sequence of 0', { sequence: 0 }],
    ['a fractional sequence', { sequence: 1.5 }],
  ])('refuse %s', (_name, change) => {
    expect(() =>
      formatInvoiceNumber({ centreCode: 'BLR01', financialYear: '2026-27', sequence: 1, ...change }),
    ).toThrow(InvoiceNumberError);
  });

  it('parse back into their parts', () => {
    expect(parseInvoiceNumber('BLR01/2026-27/000123')).toEqual({
      centreCode: 'BLR01',
      financialYear: '2026-27',
      sequence: 123,
    });
    expect(parseInvoiceNumber('BLR01/2026-27/1234567')?.sequence).toBe(1234567);
  });

  it.each([
    'BLR01/2026-27/123', // not padded
    'BLR01/2026-27/0001234', // padded beyond six digits
    'BLR01/2026-27/000000',
    'BLR01/2026-28/000123',
    'blr01/2026-27/000123',
    'BLR01/2026-27/000123/1',
    'BLR01-2026-27-000123',
    'BLR01/2026-27/00012a',
    '',
  ])('%p is not an invoice number', (text) => {
    expect(parseInvoiceNumber(text)).toBeNull();
  });

  it('property: every number written parses back to its parts, and only one text means it', () => {
    const parts = fc.record({
      centreCode: fc.constantFrom('BLR01', 'A', 'HYD-2', 'MUMBAI-WEST1'),
      financialYear: fc.integer({ min: 1000, max: 9998 }).map(financialYearLabel),
      sequence: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    });
    fc.assert(
      fc.property(parts, (p) => {
        const text = formatInvoiceNumber(p);
        expect(parseInvoiceNumber(text)).toEqual(p);
      }),
    );
  });
});
