import { describe, expect, it } from '@jest/globals';
import { receiptFigures, type LedgerEntryFact } from './receipt-figures.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 10, minute));
const entries: LedgerEntryFact[] = [
  { id: 'p1', kind: 'PAYMENT', amountMinor: 100000, takenAt: at(1) },
  { id: 'r1', kind: 'REFUND', amountMinor: 20000, takenAt: at(2) },
  { id: 'p2', kind: 'PAYMENT', amountMinor: 50000, takenAt: at(3) },
  { id: 'p3', kind: 'PAYMENT', amountMinor: 70000, takenAt: at(5) },
];
const notes = [{ amountMinor: 30000, issuedAt: at(4) }];

describe('receiptFigures', () => {
  it('states the paid amount and the balance right after each payment, not as the invoice stands now', () => {
    expect(receiptFigures(300000, entries, notes, 'p1')).toEqual({
      ordinal: 1,
      paidAfterMinor: 100000,
      balanceAfterMinor: 200000,
    });
    // after a refund of 200: paid 800 + 500
    expect(receiptFigures(300000, entries, notes, 'p2')).toEqual({
      ordinal: 2,
      paidAfterMinor: 130000,
      balanceAfterMinor: 170000,
    });
    // a credit note of 300 issued before the third payment lowers what was due
    expect(receiptFigures(300000, entries, notes, 'p3')).toEqual({
      ordinal: 3,
      paidAfterMinor: 200000,
      balanceAfterMinor: 70000,
    });
  });

  it('has no figures for a refund or an entry of another invoice', () => {
    expect(receiptFigures(300000, entries, notes, 'r1')).toBeNull();
    expect(receiptFigures(300000, entries, notes, 'nope')).toBeNull();
  });
});
