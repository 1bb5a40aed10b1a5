import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  DiscountAbovePriceError,
  invoiceTotals,
  InvoiceLineError,
  linesNeedingApproval,
  needsApproval,
  type InvoiceLineInput,
} from './invoice-totals.js';

/** Exact decimal text (rupees) as billionths of a paisa, to check sums in the tests with integers only. */
const scaled = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 10n ** 11n + BigInt(fraction.padEnd(11, '0'));
  return text.startsWith('-') ? -value : value;
};

describe('invoiceTotals', () => {
  it('an exempt line is price × quantity, nothing rounded', () => {
    const totals = invoiceTotals([{ lineId: 'CT-HEAD', priceMinor: 150000, quantity: 2 }]);
    expect(totals.lines).toEqual([
      {
        lineId: 'CT-HEAD',
        grossMinor: 300000,
        discountExact: '0.00',
        taxableExact: '3000.00',
        cgstExact: '0.00',
        sgstExact: '0.00',
        igstExact: '0.00',
        totalExact: '3000.00',
      },
    ]);
    expect(totals.totalMinor).toBe(300000);
    expect(totals.roundOffExact).toBe('0.00');
    expect(totals.currency).toBe('INR');
  });

  it('an empty invoice totals zero', () => {
    const totals = invoiceTotals([]);
    expect(totals.totalMinor).toBe(0);
    expect(totals.grossMinor).toBe(0);
    expect(totals.totalExact).toBe('0.00');
  });

  it('an amount discount is taken off the line before tax', () => {
    const totals = invoiceTotals([
      {
        lineId: 'USG',
        priceMinor: 100000,
        quantity: 1,
        discount: { kind: 'amount', amountMinor: 5000 },
        tax: { kind: 'intraState', rateBasisPoints: 1800 },
      },
    ]);
    expect(totals.lines[0]).toMatchObject({ discountExact: '50.00', taxableExact: '950.00' });
    expect(totals.cgstExact).toBe('85.50');
    expect(totals.sgstExact).toBe('85.50');
    expect(totals.totalMinor).toBe(112100);
  });

  it('a basis-point discount keeps its exact fraction of a paisa; only the total is rounded', () => {
    const totals = invoiceTotals([
      { lineId: 'CBC', priceMinor: 999, quantity: 1, discount: { kind: 'basisPoints', basisPoints: 1250 } },
    ]);
    expect(totals.lines[0]).toMatchObject({ discountExact: '1.24875', taxableExact: '8.74125', totalExact: '8.74125' });
    expect(totals.discountExact).toBe('1.24875');
    expect(totals.totalMinor).toBe(874);
    expect(totals.roundOffExact).toBe('-0.00125');
  });

  it('intra-state tax is CGST and SGST halves, exact', () => {
    const totals = invoiceTotals([
      { lineId: 'X', priceMinor: 10001, quantity: 1, tax: { kind: 'intraState', rateBasisPoints: 1800 } },
    ]);
    expect(totals.lines[0]).toMatchObject({ cgstExact: '9.0009', sgstExact: '9.0009', igstExact: '0.00' });
    expect(totals.totalExact).toBe('118.0118');
    expect(totals.totalMinor).toBe(11801);
    expect(totals.roundOffExact).toBe('-0.0018');
  });

  it('inter-state tax is IGST at the whole rate', () => {
    const totals = invoiceTotals([
      { lineId: 'X', priceMinor: 10001, quantity: 1, tax: { kind: 'interState', rateBasisPoints: 1800 } },
    ]);
    expect(totals.lines[0]).toMatchObject({ cgstExact: '0.00', sgstExact: '0.00', igstExact: '18.0018' });
    expect(totals.igstExact).toBe('18.0018');
    expect(totals.totalMinor).toBe(11801);
  });

  it('diagnostic services are exempt unless a rule is given', () => {
    const totals = invoiceTotals([{ lineId: 'MRI', priceMinor: 500000, quantity: 1 }]);
    expect(totals.cgstExact).toBe('0.00');
    expect(totals.igstExact).toBe('0.00');
    expect(totals.totalMinor).toBe(500000);
  });

  it.each([
    [1, 1], // 0.5 paisa → 1 (half-even would give 0)
    [3, 2], // 1.5 → 2
    [5, 3], // 2.5 → 3 (half-even would give 2)
  ])('rounds half-up: a price of %d paise at 50%% off totals %d', (priceMinor, totalMinor) => {
    const lines = [{ lineId: 'A', priceMinor, quantity: 1, discount: { kind: 'basisPoints', basisPoints: 5000 } }];
    expect(invoiceTotals(lines as InvoiceLineInput[]).totalMinor).toBe(totalMinor);
  });

  it('rounds once, at the invoice total, not per line', () => {
    const half: InvoiceLineInput = {
      lineId: 'A',
      priceMinor: 1,
      quantity: 1,
      discount: { kind: 'basisPoints', basisPoints: 5000 },
    };
    // Three lines of 0.5 paisa: 1.5 → 2 at the total (per line it would be 1 + 1 + 1 = 3).
    const three = invoiceTotals([half, { ...half, lineId: 'B' }, { ...half, lineId: 'C' }]);
    expect(three.totalExact).toBe('0.015');
    expect(three.totalMinor).toBe(2);
    // Two lines of 0.4 paisa: 0.8 → 1 (per line it would be 0 + 0 = 0).
    const twoFifths = { ...half, discount: { kind: 'basisPoints', basisPoints: 6000 } } as const;
    expect(invoiceTotals([twoFifths, { ...twoFifths, lineId: 'B' }]).totalMinor).toBe(1);
  });

  it('a mixed invoice breaks its tax down by kind and adds up', () => {
    const totals = invoiceTotals([
      { lineId: 'CT', priceMinor: 250000, quantity: 1, discount: { kind: 'amount', amountMinor: 25000 } },
      { lineId: 'KIT', priceMinor: 12345, quantity: 3, tax: { kind: 'intraState', rateBasisPoints: 1200 } },
      { lineId: 'COURIER', priceMinor: 9999, quantity: 1, tax: { kind: 'interState', rateBasisPoints: 1800 } },
    ]);
    expect(totals.grossMinor).toBe(250000 + 37035 + 9999);
    expect(totals.discountExact).toBe('250.00');
    expect(totals.cgstExact).toBe('22.221'); // 37035 × 6% = 2222.1 paise
    expect(totals.sgstExact).toBe('22.221');
    expect(totals.igstExact).toBe('17.9982'); // 9999 × 18%
    // 272034 paise taxable + 4444.2 + 1799.82 paise of tax = 278278.02 paise
    expect(totals.taxableExact).toBe('2720.34');
    expect(totals.totalExact).toBe('2782.7802');
    expect(totals.totalMinor).toBe(278278);
    expect(totals.roundOffExact).toBe('-0.0002');
  });

  it('a discount equal to the price is allowed; the quantity counts', () => {
    expect(
      invoiceTotals([
        { lineId: 'A', priceMinor: 100000, quantity: 1, discount: { kind: 'amount', amountMinor: 100000 } },
      ]).totalMinor,
    ).toBe(0);
    expect(
      invoiceTotals([
        { lineId: 'A', priceMinor: 100000, quantity: 2, discount: { kind: 'amount', amountMinor: 150000 } },
      ]).totalMinor,
    ).toBe(50000);
  });

  it.each([
    ['an amount above the price', { kind: 'amount', amountMinor: 100001 }],
    ['more than 100%', { kind: 'basisPoints', basisPoints: 10001 }],
  ] as const)('refuses a discount of %s, naming the line', (_name, discount) => {
    const lines = [
      { lineId: 'OK', priceMinor: 100, quantity: 1 },
      { lineId: 'XRAY-CHEST', priceMinor: 100000, quantity: 1, discount },
    ];
    let error: unknown;
    try {
      invoiceTotals(lines);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DiscountAbovePriceError);
    expect(error).toBeInstanceOf(InvoiceLineError);
    expect((error as DiscountAbovePriceError).lineId).toBe('XRAY-CHEST');
    expect((error as Error).message).toContain('line XRAY-CHEST');
  });

  it.each([
    ['a negative price', { priceMinor: -1 }],
    ['a fractional price', { priceMinor: 10.5 }],
    ['a quantity of 0', { quantity: 0 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['a negative amount discount', { discount: { kind: 'amount', amountMinor: -1 } }],
    ['a fractional discount rate', { discount: { kind: 'basisPoints', basisPoints: 12.5 } }],
    ['a tax rate above 100%', { tax: { kind: 'intraState', rateBasisPoints: 10001 } }],
  ] as const)('refuses %s as an InvoiceLineError', (_name, change) => {
    const line = { lineId: 'BAD', priceMinor: 1000, quantity: 1, ...change } as InvoiceLineInput;
    expect(() => invoiceTotals([line])).toThrow(InvoiceLineError);
    expect(() => invoiceTotals([line])).not.toThrow(DiscountAbovePriceError);
  });

  it('property: the parts add up and the round-off is under half a paisa', () => {
    const line = fc.record({
      lineId: fc.constantFrom('A', 'B', 'C'),
      priceMinor: fc.integer({ min: 0, max: 10_000_000 }),
      quantity: fc.integer({ min: 1, max: 20 }),
      discount: fc.option(fc.constant({ kind: 'basisPoints' as const, basisPoints: 0 }), { nil: undefined }),
      discountBasisPoints: fc.integer({ min: 0, max: 10000 }),
      tax: fc.oneof(
        fc.constant({ kind: 'exempt' as const }),
        fc.record({ kind: fc.constant('intraState' as const), rateBasisPoints: fc.integer({ min: 0, max: 2800 }) }),
        fc.record({ kind: fc.constant('interState' as const), rateBasisPoints: fc.integer({ min: 0, max: 2800 }) }),
      ),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (drawn) => {
        const lines: InvoiceLineInput[] = drawn.map(({ discountBasisPoints, discount, ...rest }) => ({
          ...rest,
          discount: discount ? { kind: 'basisPoints', basisPoints: discountBasisPoints } : null,
        }));
        const totals = invoiceTotals(lines);
        for (const l of totals.lines) {
          expect(scaled(l.taxableExact)).toBe(BigInt(l.grossMinor) * 10n ** 9n - scaled(l.discountExact));
          expect(l.cgstExact).toBe(l.sgstExact);
          expect(scaled(l.totalExact)).toBe(
            scaled(l.taxableExact) + scaled(l.cgstExact) + scaled(l.sgstExact) + scaled(l.igstExact),
          );
        }
        const exact = totals.lines.reduce((sum, l) => sum + scaled(l.totalExact), 0n);
        expect(scaled(totals.totalExact)).toBe(exact);
        const roundOff = BigInt(totals.totalMinor) * 10n ** 9n - exact;
        expect(scaled(totals.roundOffExact)).toBe(roundOff);
        expect(roundOff > -(10n ** 9n) / 2n && roundOff <= 10n ** 9n / 2n).toBe(true);
      }),
    );
  });
});

describe('needsApproval', () => {
  const line = (discount: InvoiceLineInput['discount'], quantity = 1): InvoiceLineInput => ({
    lineId: 'L',
    priceMinor: 100000,
    quantity,
    discount,
  });

  it.each([
    [null, 1000, false],
    [{ kind: 'basisPoints', basisPoints: 1000 }, 1000, false],
    [{ kind: 'basisPoints', basisPoints: 1001 }, 1000, true],
    [{ kind: 'amount', amountMinor: 10000 }, 1000, false], // exactly 10%
    [{ kind: 'amount', amountMinor: 10001 }, 1000, true],
    [{ kind: 'amount', amountMinor: 1 }, 0, true], // a role with no discount allowance
    [{ kind: 'basisPoints', basisPoints: 0 }, 0, false],
  ] as const)('%j under a limit of %d bp: %p', (discount, limit, expected) => {
    expect(needsApproval(line(discount), limit)).toBe(expected);
  });

  it('an amount is a share of price × quantity', () => {
    expect(needsApproval(line({ kind: 'amount', amountMinor: 15000 }, 2), 1000)).toBe(false); // 7.5%
    expect(needsApproval(line({ kind: 'amount', amountMinor: 15000 }, 1), 1000)).toBe(true); // 15%
  });

  it('refuses a limit outside 0..10000 basis points', () => {
    expect(() => needsApproval(line(null), -1)).toThrow(RangeError);
    expect(() => needsApproval(line(null), 10001)).toThrow(RangeError);
    expect(() => needsApproval(line(null), 12.5)).toThrow(RangeError);
  });

  it('linesNeedingApproval names the lines above the limit', () => {
    const lines: InvoiceLineInput[] = [
      { ...line({ kind: 'basisPoints', basisPoints: 500 }), lineId: 'A' },
      { ...line({ kind: 'basisPoints', basisPoints: 2500 }), lineId: 'B' },
      { ...line({ kind: 'amount', amountMinor: 30000 }), lineId: 'C' },
    ];
    expect(linesNeedingApproval(lines, 1000)).toEqual(['B', 'C']);
  });
});
