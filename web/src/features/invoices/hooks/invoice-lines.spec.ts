import { describe, expect, it } from '@jest/globals';
import { discountLabel, modeLabel, priceKindLabel, taxLabel } from './invoice-lines';

describe('an invoice line as the console names it', () => {
  it('names the price it was billed at: Normal, Holiday or Night Price', () => {
    expect(priceKindLabel({ priceKind: 'normal' })).toBe('Normal Price');
    expect(priceKindLabel({ priceKind: 'holiday' })).toBe('Holiday Price');
    expect(priceKindLabel({ priceKind: 'night' })).toBe('Night Price');
  });

  it('shows a discount as money or a percentage, and the tax as CGST + SGST or IGST', () => {
    expect(discountLabel({ discount: null }, 'INR')).toBe('—');
    expect(discountLabel({ discount: { kind: 'amount', amountMinor: 25_050 } }, 'INR')).toBe('₹250.50');
    expect(discountLabel({ discount: { kind: 'basisPoints', basisPoints: 1250 } }, 'INR')).toBe('12.5%');
    expect(taxLabel({ tax: { kind: 'exempt' } })).toBe('Exempt');
    expect(taxLabel({ tax: { kind: 'intraState', rateBasisPoints: 1800 } })).toBe('CGST + SGST 18%');
    expect(taxLabel({ tax: { kind: 'interState', rateBasisPoints: 500 } })).toBe('IGST 5%');
  });

  it('names a payment’s mode with its reference', () => {
    expect(modeLabel({ mode: 'CASH', reference: null })).toBe('Cash');
    expect(modeLabel({ mode: 'CHEQUE', reference: '004512' })).toBe('Cheque · 004512');
  });
});
