import { describe, expect, it } from '@jest/globals';
import { BILLING_MESSAGES, CREDIT_NOTE_REFUSALS, LEDGER_REFUSALS } from '@rayworks/contracts';
import { AMOUNT_REQUIRED_MESSAGE, INVALID_INPUTS_MESSAGE } from '@rayworks/validation';
import {
  initialLedgerValues,
  isStaleInvoice,
  ledgerBody,
  ledgerErrors,
  ledgerKindsOpen,
  readAmount,
  type LedgerFormValues,
  type LedgerInvoice,
} from './ledger-form';

const invoice = (over: Partial<LedgerInvoice> = {}): LedgerInvoice => ({
  _id: '00000000-0000-4000-8000-000000000001',
  version: 3,
  totalMinor: 330_000,
  creditedMinor: 0,
  paidMinor: 100_000,
  balanceMinor: 230_000,
  currency: 'INR',
  ...over,
});
const values = (over: Partial<LedgerFormValues> = {}): LedgerFormValues => ({
  amount: '500',
  mode: 'CASH',
  reference: '',
  reason: '',
  ...over,
});

describe('the amount typed as text', () => {
  it('is read into whole paise with libs/validation, never through a float', () => {
    expect(readAmount('499.50')).toEqual({ minor: 49_950 });
    expect(readAmount(' 0.1 ')).toEqual({ minor: 10 });
    expect(readAmount('2300')).toEqual({ minor: 230_000 });
  });

  it("says spec §5's 'Please enter the amount' when empty or zero, 'Please give valid inputs' otherwise", () => {
    expect(readAmount('')).toEqual({ error: AMOUNT_REQUIRED_MESSAGE });
    expect(readAmount('   ')).toEqual({ error: 'Please enter the amount' });
    expect(readAmount('0')).toEqual({ error: 'Please enter the amount' });
    for (const bad of ['abc', '1,000', '1e5', '0.001', '-5', '1.2.3'])
      expect(readAmount(bad)).toEqual({ error: INVALID_INPUTS_MESSAGE });
  });
});

describe('a payment', () => {
  it('may be part of the balance or all of it, and never more (the ledger’s own refusal)', () => {
    expect(ledgerErrors('payment', invoice(), values({ amount: '500' }))).toEqual({});
    expect(ledgerErrors('payment', invoice(), values({ amount: '2300' }))).toEqual({});
    expect(ledgerErrors('payment', invoice(), values({ amount: '2300.01' }))).toEqual({
      amount: LEDGER_REFUSALS.beyondBalance,
    });
  });

  it('is refused on a settled invoice and on a cancelled one', () => {
    const paid = invoice({ paidMinor: 330_000, balanceMinor: 0 });
    expect(ledgerErrors('payment', paid, values()).amount).toBe(LEDGER_REFUSALS.invoiceSettled);
    const cancelled = invoice({ creditedMinor: 330_000, paidMinor: 0, balanceMinor: 0 });
    expect(ledgerErrors('payment', cancelled, values()).amount).toBe(LEDGER_REFUSALS.invoiceCancelled);
  });

  it('needs a reference for a cheque or an online payment, in the service’s words', () => {
    expect(ledgerErrors('payment', invoice(), values({ mode: 'CHEQUE' }))).toEqual({
      reference: 'A reference is required for a Cheque payment',
    });
    expect(ledgerErrors('payment', invoice(), values({ mode: 'ONLINE' })).reference).toBe(
      BILLING_MESSAGES.referenceRequired('ONLINE'),
    );
    expect(ledgerErrors('payment', invoice(), values({ mode: 'CHEQUE', reference: '004512' }))).toEqual({});
    expect(ledgerErrors('payment', invoice(), values({ mode: 'UPI' }))).toEqual({});
  });

  it('is sent in minor units with the invoice’s version and the dialog’s key', () => {
    expect(
      ledgerBody('payment', invoice(), values({ amount: '1000.5', mode: 'CARD', reference: ' 7781 ' }), 'key-12345678'),
    ).toEqual({
      kind: 'payment',
      body: {
        invoiceId: invoice()._id,
        amountMinor: 100_050,
        mode: 'CARD',
        reference: '7781',
        invoiceVersion: 3,
        idempotencyKey: 'key-12345678',
      },
    });
  });
});

describe('a refund', () => {
  it('needs a reason and is never more than what was paid', () => {
    expect(ledgerErrors('refund', invoice(), values({ amount: '1000' }))).toEqual({
      reason: BILLING_MESSAGES.reasonRequired,
    });
    expect(ledgerErrors('refund', invoice(), values({ amount: '1000.01', reason: 'Test cancelled' }))).toEqual({
      amount: LEDGER_REFUSALS.beyondPaid,
    });
    expect(
      ledgerBody('refund', invoice(), values({ amount: '250', reason: ' Test cancelled ' }), 'k-12345678').body,
    ).toMatchObject({ amountMinor: 25_000, mode: 'CASH', reason: 'Test cancelled', reference: null });
  });
});

describe('a credit note', () => {
  it('takes back at most the balance (paid money goes back by a refund first), with a reason', () => {
    expect(ledgerErrors('creditNote', invoice(), values({ amount: '2300', reason: 'Wrong test' }))).toEqual({});
    expect(ledgerErrors('creditNote', invoice(), values({ amount: '2400', reason: 'Wrong test' })).amount).toBe(
      CREDIT_NOTE_REFUSALS.beyondBalance,
    );
    const { body } = ledgerBody('creditNote', invoice(), values({ amount: '100', reason: 'Wrong test' }), 'k-1234567');
    expect(body).toEqual({
      invoiceId: invoice()._id,
      amountMinor: 10_000,
      reason: 'Wrong test',
      invoiceVersion: 3,
      idempotencyKey: 'k-1234567',
    });
    expect('mode' in body).toBe(false);
  });
});

describe('the dialogs an invoice offers', () => {
  it('starts each dialog at the most it may take, as text', () => {
    expect(initialLedgerValues('payment', invoice()).amount).toBe('2300.00');
    expect(initialLedgerValues('refund', invoice()).amount).toBe('1000.00');
    expect(initialLedgerValues('refund', invoice({ paidMinor: 0 })).amount).toBe('');
  });

  it('offers a payment and a credit note while something is due, a refund once something is paid', () => {
    expect(ledgerKindsOpen({ ...invoice(), status: 'PART_PAID' })).toEqual(['payment', 'refund', 'creditNote']);
    expect(ledgerKindsOpen({ ...invoice({ paidMinor: 0 }), status: 'UNPAID' })).toEqual(['payment', 'creditNote']);
    expect(ledgerKindsOpen({ ...invoice({ paidMinor: 330_000, balanceMinor: 0 }), status: 'PAID' })).toEqual([
      'refund',
    ]);
    expect(
      ledgerKindsOpen({ ...invoice({ creditedMinor: 330_000, paidMinor: 0, balanceMinor: 0 }), status: 'CANCELLED' }),
    ).toEqual([]);
  });

  it('knows the stale-version refusal by the service’s own words', () => {
    expect(isStaleInvoice('The invoice has changed since it was shown: read it again')).toBe(true);
    expect(isStaleInvoice(LEDGER_REFUSALS.beyondBalance)).toBe(false);
  });
});
