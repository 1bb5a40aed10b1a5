import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  checkCreditNote,
  CreditNoteRefusedError,
  invoiceBalanceMinor,
  invoiceLedgerOf,
  patientInvoiceStatus,
  type CreditNoteRefusal,
  type InvoiceAmounts,
} from './invoice-billing-states.js';
import { checkPayment, checkRefund, LedgerRefusedError, type LedgerRefusal } from './ledger.js';

const amounts = (totalMinor: number, paidMinor = 0, creditedMinor = 0): InvoiceAmounts => ({
  totalMinor,
  paidMinor,
  creditedMinor,
});

function refusalOf(act: () => unknown): LedgerRefusal | CreditNoteRefusal | null {
  try {
    act();
    return null;
  } catch (error) {
    if (error instanceof LedgerRefusedError || error instanceof CreditNoteRefusedError) return error.reason;
    throw error;
  }
}

describe("a patient invoice's status", () => {
  it('is read from its amounts: unpaid, partly paid, paid (also an invoice of 0), cancelled when credited in full', () => {
    expect(patientInvoiceStatus(amounts(1000))).toBe('UNPAID');
    expect(patientInvoiceStatus(amounts(1000, 1))).toBe('PART_PAID');
    expect(patientInvoiceStatus(amounts(1000, 1000))).toBe('PAID');
    expect(patientInvoiceStatus(amounts(0))).toBe('PAID');
    expect(patientInvoiceStatus(amounts(1000, 600, 400))).toBe('PAID');
    expect(patientInvoiceStatus(amounts(1000, 0, 400))).toBe('UNPAID');
    expect(patientInvoiceStatus(amounts(1000, 0, 1000))).toBe('CANCELLED');
  });

  it('gives the ledger what is due after credit notes, cancelled when credited in full', () => {
    expect(invoiceLedgerOf(amounts(1000, 300, 200))).toEqual({
      totalMinor: 800,
      cancelled: false,
      entries: [{ kind: 'payment', amountMinor: 300 }],
    });
    expect(refusalOf(() => checkPayment(invoiceLedgerOf(amounts(1000, 0, 1000)), 1))).toBe('invoiceCancelled');
    expect(refusalOf(() => checkPayment(invoiceLedgerOf(amounts(1000, 600, 400)), 1))).toBe('invoiceSettled');
    expect(refusalOf(() => checkPayment(invoiceLedgerOf(amounts(1000, 300, 200)), 501))).toBe('beyondBalance');
    expect(refusalOf(() => checkPayment(invoiceLedgerOf(amounts(1000, 300, 200)), 500))).toBeNull();
    expect(refusalOf(() => checkRefund(invoiceLedgerOf(amounts(1000, 300, 200)), 301))).toBe('beyondPaid');
  });
});

describe('a credit note', () => {
  it('takes back at most the balance, never what was paid, and nothing from a cancelled invoice', () => {
    expect(refusalOf(() => checkCreditNote(amounts(1000, 300), 700))).toBeNull();
    expect(refusalOf(() => checkCreditNote(amounts(1000, 300), 701))).toBe('beyondBalance');
    expect(refusalOf(() => checkCreditNote(amounts(1000, 1000), 1))).toBe('beyondBalance');
    expect(refusalOf(() => checkCreditNote(amounts(1000, 0, 1000), 1))).toBe('invoiceCancelled');
    expect(refusalOf(() => checkCreditNote(amounts(1000), 0))).toBe('notAnAmount');
    expect(refusalOf(() => checkCreditNote(amounts(1000), 1.5))).toBe('notAnAmount');
  });

  it('keeps 0 ≤ paid ≤ total − credited ≤ total over any sequence of payments, refunds and credit notes', () => {
    const op = fc.record({
      kind: fc.constantFrom('pay', 'refund', 'credit'),
      // amounts at random and right at the limits
      amount: fc.oneof(fc.integer({ min: -2, max: 5000 }), fc.constantFrom('edge-1', 'edge', 'edge+1')),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.array(op, { maxLength: 40 }), (total, ops) => {
        let a = amounts(total);
        for (const { kind, amount } of ops) {
          const edge = kind === 'refund' ? a.paidMinor : invoiceBalanceMinor(a);
          const n = amount === 'edge' ? edge : amount === 'edge-1' ? edge - 1 : amount === 'edge+1' ? edge + 1 : amount;
          const refused = refusalOf(() =>
            kind === 'pay'
              ? checkPayment(invoiceLedgerOf(a), n)
              : kind === 'refund'
                ? checkRefund(invoiceLedgerOf(a), n)
                : checkCreditNote(a, n),
          );
          if (refused) continue;
          a =
            kind === 'pay'
              ? { ...a, paidMinor: a.paidMinor + n }
              : kind === 'refund'
                ? { ...a, paidMinor: a.paidMinor - n }
                : { ...a, creditedMinor: a.creditedMinor + n };
          expect(a.paidMinor).toBeGreaterThanOrEqual(0);
          expect(a.creditedMinor).toBeGreaterThanOrEqual(0);
          expect(a.paidMinor).toBeLessThanOrEqual(a.totalMinor - a.creditedMinor);
          expect(invoiceBalanceMinor(a)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
