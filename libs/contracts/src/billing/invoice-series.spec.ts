import { describe, expect, it } from '@jest/globals';
import { InvoiceNumberError, parseInvoiceNumber } from './financial-year.js';
import { formatDocumentNumber, invoiceSeriesCode, parseCreditNoteNumber } from './invoice-series.js';

describe("a centre's document series", () => {
  it('numbers invoices as financial-year.ts writes them and credit notes with CN/ before', () => {
    const parts = { centreCode: 'BLR01', financialYear: '2026-27', sequence: 7 };
    expect(formatDocumentNumber('INVOICE', parts)).toBe('BLR01/2026-27/000007');
    expect(formatDocumentNumber('CREDIT_NOTE', parts)).toBe('CN/BLR01/2026-27/000007');
    expect(parseCreditNoteNumber('CN/BLR01/2026-27/000007')).toEqual(parts);
    // an invoice's number is no credit note's, and a credit note's is no invoice's
    expect(parseCreditNoteNumber('BLR01/2026-27/000007')).toBeNull();
    expect(parseInvoiceNumber('CN/BLR01/2026-27/000007')).toBeNull();
  });

  it('keeps a centre code fit for a number, and writes any other fit: upper case, hyphens, 12 at most', () => {
    expect(invoiceSeriesCode('APEX-AND')).toBe('APEX-AND');
    expect(invoiceSeriesCode('apex and')).toBe('APEX-AND');
    expect(invoiceSeriesCode(' blr/01 ')).toBe('BLR-01');
    expect(invoiceSeriesCode('Centre__One  Main-Road')).toBe('CENTRE-ONE-M');
    // cut at 12 where a hyphen would end it: the hyphen goes
    expect(invoiceSeriesCode('ABCDEFGHIJK MORE')).toBe('ABCDEFGHIJK');
    expect(() => invoiceSeriesCode('***')).toThrow(InvoiceNumberError);
  });
});
