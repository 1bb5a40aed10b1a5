import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { AMOUNT_REQUIRED_MESSAGE } from '@rayworks/validation';
import { creditNoteInputSchema } from './invoice-billing-endpoints.js';
import { paymentInputSchema, refundInputSchema } from './payment-endpoints.js';
import { BILLING_MESSAGES } from './payment-messages.js';

const invoiceId = '6f1d8e62-3c5f-4f3e-9a57-2d6c8b1e0a11';
const key = 'desk-7f3a9c21';

/** The first problem as the kit answers it (`<field>: <reason>`, or the reason alone for the whole body). */
function problem(schema: z.ZodType, body: unknown): string | null {
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

describe('a payment, refund or credit note body', () => {
  it("says 'Please enter the amount' (spec §5) for a missing or zero amount, the whole message", () => {
    for (const amountMinor of [undefined, null, 0]) {
      expect(problem(paymentInputSchema, { invoiceId, amountMinor, mode: 'CASH', idempotencyKey: key })).toBe(
        AMOUNT_REQUIRED_MESSAGE,
      );
      expect(
        problem(refundInputSchema, { invoiceId, amountMinor, mode: 'CASH', reason: 'x', idempotencyKey: key }),
      ).toBe(AMOUNT_REQUIRED_MESSAGE);
      expect(problem(creditNoteInputSchema, { invoiceId, amountMinor, reason: 'x', idempotencyKey: key })).toBe(
        AMOUNT_REQUIRED_MESSAGE,
      );
    }
    expect(AMOUNT_REQUIRED_MESSAGE).toBe('Please enter the amount');
  });

  it('takes whole minor units only: a fraction, a negative or a text amount names the field', () => {
    for (const amountMinor of [10.5, -1, '100'])
      expect(problem(paymentInputSchema, { invoiceId, amountMinor, mode: 'CASH', idempotencyKey: key })).toMatch(
        /^amountMinor: /,
      );
    expect(problem(paymentInputSchema, { invoiceId, amountMinor: 150000, mode: 'UPI', idempotencyKey: key })).toBe(
      null,
    );
  });

  it('needs a mode of the list, a reference for a cheque, a reason for a refund and a key of the desk', () => {
    const base = { invoiceId, amountMinor: 100, idempotencyKey: key };
    expect(problem(paymentInputSchema, { ...base, mode: 'BITCOIN' })).toMatch(/^mode: /);
    expect(problem(paymentInputSchema, { ...base, mode: 'CHEQUE' })).toBe(BILLING_MESSAGES.referenceRequired('CHEQUE'));
    expect(problem(paymentInputSchema, { ...base, mode: 'CHEQUE', reference: '004512' })).toBeNull();
    expect(problem(refundInputSchema, { ...base, mode: 'CASH', reason: '  ' })).toBe(BILLING_MESSAGES.reasonRequired);
    expect(problem(paymentInputSchema, { ...base, mode: 'CASH', idempotencyKey: 'short' })).toMatch(
      /^idempotencyKey: /,
    );
    expect(problem(paymentInputSchema, { ...base, mode: 'CASH', idempotencyKey: 'has space in it' })).toMatch(
      /^idempotencyKey: /,
    );
  });
});
