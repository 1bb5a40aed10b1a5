import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  balanceMinor,
  checkPayment,
  checkRefund,
  isSettled,
  LEDGER_REFUSALS,
  LedgerRefusedError,
  paidMinor,
  PaymentRefusedError,
  recordPayment,
  recordRefund,
  RefundRefusedError,
  type InvoiceLedger,
  type LedgerRefusal,
} from './ledger.js';

const invoice = (totalMinor: number, cancelled = false): InvoiceLedger => ({ totalMinor, cancelled, entries: [] });

function refusal(act: () => unknown): { error: LedgerRefusedError; reason: LedgerRefusal } {
  try {
    act();
  } catch (error) {
    if (error instanceof LedgerRefusedError) return { error, reason: error.reason };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the ledger of an invoice', () => {
  it('paid is payments less refunds; the balance is what is left', () => {
    let ledger = recordPayment(invoice(100000), 30000);
    ledger = recordPayment(ledger, 50000);
    ledger = recordRefund(ledger, 10000);
    expect(paidMinor(ledger)).toBe(70000);
    expect(balanceMinor(ledger)).toBe(30000);
    expect(isSettled(ledger)).toBe(false);
    ledger = recordPayment(ledger, 30000);
    expect(balanceMinor(ledger)).toBe(0);
    expect(isSettled(ledger)).toBe(true);
  });

  it('a zero invoice is settled from the start', () => {
    expect(isSettled(invoice(0))).toBe(true);
    expect(refusal(() => checkPayment(invoice(0), 1)).reason).toBe('invoiceSettled');
  });

  it('recording never changes the ledger it is given', () => {
    const before = invoice(100000);
    recordPayment(before, 1000);
    expect(before.entries).toEqual([]);
  });
});

describe('checkPayment', () => {
  it('accepts a partial payment and one that settles the balance exactly', () => {
    expect(() => checkPayment(invoice(100000), 1)).not.toThrow();
    expect(() => checkPayment(invoice(100000), 100000)).not.toThrow();
  });

  it('refuses a payment beyond the balance, saying the balance', () => {
    const ledger = recordPayment(invoice(100000), 40000);
    const { error, reason } = refusal(() => checkPayment(ledger, 60001));
    expect(reason).toBe('beyondBalance');
    expect(error).toBeInstanceOf(PaymentRefusedError);
    expect(error.allowedMinor).toBe(60000);
    expect(error.amountMinor).toBe(60001);
    expect(error.message).toBe(LEDGER_REFUSALS.beyondBalance);
  });

  it('refuses a payment on a settled invoice', () => {
    const ledger = recordPayment(invoice(100000), 100000);
    expect(refusal(() => checkPayment(ledger, 1)).reason).toBe('invoiceSettled');
  });

  it('refuses a payment on a cancelled invoice, even with a balance', () => {
    expect(refusal(() => checkPayment(invoice(100000, true), 100)).reason).toBe('invoiceCancelled');
  });

  it.each([0, -100, 10.5, NaN, Number.MAX_SAFE_INTEGER + 1])('refuses the amount %p', (amount) => {
    expect(refusal(() => checkPayment(invoice(100000), amount)).reason).toBe('notAnAmount');
  });
});

describe('checkRefund', () => {
  it('accepts a refund up to what was paid, also on a cancelled invoice', () => {
    const paid = recordPayment(invoice(100000), 40000);
    expect(() => checkRefund(paid, 40000)).not.toThrow();
    expect(() => checkRefund({ ...paid, cancelled: true }, 40000)).not.toThrow();
  });

  it('refuses a refund beyond what was paid, saying what was paid', () => {
    const ledger = recordRefund(recordPayment(invoice(100000), 40000), 15000);
    const { error, reason } = refusal(() => checkRefund(ledger, 25001));
    expect(reason).toBe('beyondPaid');
    expect(error).toBeInstanceOf(RefundRefusedError);
    expect(error.allowedMinor).toBe(25000);
  });

  it('refuses any refund when nothing was paid', () => {
    expect(refusal(() => checkRefund(invoice(100000), 1)).reason).toBe('beyondPaid');
  });

  it.each([0, -1, 0.5])('refuses the amount %p', (amount) => {
    expect(refusal(() => checkRefund(recordPayment(invoice(100), 100), amount)).reason).toBe('notAnAmount');
  });
});

describe('the ledger invariant, over random sequences (fast-check)', () => {
  /**
   * An amount: either any number, or one near the limit the check guards (the balance for a payment, what was paid
   * for a refund), so the boundaries are hit on purpose rather than by luck.
   */
  const amount = fc.oneof(
    fc.record({ near: fc.constant(false), value: fc.integer({ min: -10, max: 120_000 }) }),
    fc.record({ near: fc.constant(true), value: fc.integer({ min: -2, max: 2 }) }),
  );
  type Amount = { near: boolean; value: number };
  const amountFor = (a: Amount, limit: number): number => (a.near ? limit + a.value : a.value);
  const operation = fc.oneof(
    fc.record({ kind: fc.constant('payment' as const), amount }),
    fc.record({ kind: fc.constant('refund' as const), amount }),
    fc.record({ kind: fc.constant('cancel' as const) }),
  );

  it('payments − refunds = paid, 0 ≤ paid ≤ total, the balance never negative, a refusal changes nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.array(operation, { maxLength: 40 }), (total, operations) => {
        let ledger = invoice(total);
        let payments = 0;
        let refunds = 0;
        for (const op of operations) {
          if (op.kind === 'cancel') {
            ledger = { ...ledger, cancelled: true };
            continue;
          }
          const before = ledger;
          const amountMinor = amountFor(op.amount, op.kind === 'payment' ? balanceMinor(ledger) : paidMinor(ledger));
          try {
            ledger = op.kind === 'payment' ? recordPayment(ledger, amountMinor) : recordRefund(ledger, amountMinor);
            if (op.kind === 'payment') {
              expect(before.cancelled).toBe(false); // a cancelled invoice took a payment
              payments += amountMinor;
            } else {
              refunds += amountMinor;
            }
          } catch (error) {
            expect(error).toBeInstanceOf(LedgerRefusedError);
            expect(ledger).toBe(before);
          }
          expect(paidMinor(ledger)).toBe(payments - refunds);
          expect(paidMinor(ledger)).toBeGreaterThanOrEqual(0);
          expect(paidMinor(ledger)).toBeLessThanOrEqual(total);
          expect(balanceMinor(ledger)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  /** fc.commands: a model (paid so far, cancelled) against the real ledger; each command checks the same invariant. */
  interface Model {
    total: number;
    paid: number;
    cancelled: boolean;
  }
  interface Real {
    ledger: InvoiceLedger;
  }
  const expectInvariant = (m: Model, r: Real) => {
    expect(paidMinor(r.ledger)).toBe(m.paid);
    expect(balanceMinor(r.ledger)).toBe(m.total - m.paid);
    expect(balanceMinor(r.ledger)).toBeGreaterThanOrEqual(0);
  };

  class Pay implements fc.Command<Model, Real> {
    constructor(readonly amount: Amount) {}
    check = () => true;
    run(m: Model, r: Real): void {
      const amountMinor = amountFor(this.amount, m.total - m.paid);
      const allowed = !m.cancelled && amountMinor > 0 && amountMinor <= m.total - m.paid;
      if (allowed) {
        r.ledger = recordPayment(r.ledger, amountMinor);
        m.paid += amountMinor;
      } else {
        expect(() => recordPayment(r.ledger, amountMinor)).toThrow(PaymentRefusedError);
      }
      expectInvariant(m, r);
    }
    toString = () => `pay(${JSON.stringify(this.amount)})`;
  }

  class Refund implements fc.Command<Model, Real> {
    constructor(readonly amount: Amount) {}
    check = () => true;
    run(m: Model, r: Real): void {
      const amountMinor = amountFor(this.amount, m.paid);
      if (amountMinor > 0 && amountMinor <= m.paid) {
        r.ledger = recordRefund(r.ledger, amountMinor);
        m.paid -= amountMinor;
      } else {
        expect(() => recordRefund(r.ledger, amountMinor)).toThrow(RefundRefusedError);
      }
      expectInvariant(m, r);
    }
    toString = () => `refund(${JSON.stringify(this.amount)})`;
  }

  class Cancel implements fc.Command<Model, Real> {
    check = (m: Readonly<Model>) => !m.cancelled;
    run(m: Model, r: Real): void {
      r.ledger = { ...r.ledger, cancelled: true };
      m.cancelled = true;
      expectInvariant(m, r);
    }
    toString = () => 'cancel';
  }

  it('model-based: the ledger agrees with a model of the payments and refunds allowed', () => {
    const commands = fc.commands(
      [amount.map((a) => new Pay(a)), amount.map((a) => new Refund(a)), fc.constant(new Cancel())],
      { maxCommands: 50 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), commands, (total, cmds) => {
        fc.modelRun(() => ({ model: { total, paid: 0, cancelled: false }, real: { ledger: invoice(total) } }), cmds);
      }),
    );
  });
});
