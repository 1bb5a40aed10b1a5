import { z } from 'zod';
import { GENERIC, requirement, SPECIFIC } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { invalid, uuid } from '../auth/endpoint-fields.js';
import { ledgerChangeSchema } from './invoice-billing-entities.js';
import { BILLING_MESSAGES } from './payment-messages.js';
import { PAYMENT_MODES, PAYMENT_MODES_NEEDING_REFERENCE, PAYMENT_REFERENCE_MAX } from './payment-modes.js';

/**
 * The key a payment, refund or credit note is sent with (docs/decisions/0255-idempotent-payments.md): the desk makes
 * one per dialog (a UUID) and sends it again with every retry of that request; unique in the company.
 */
export const idempotencyKeySchema = z
  .string(invalid)
  .trim()
  .min(8, invalid)
  .max(100, invalid)
  .regex(/^[A-Za-z0-9._:-]+$/, invalid);

/**
 * An amount the API takes: whole minor units (the console reads the typed text with libs/validation's
 * parseAmountMinor). Missing or zero is refused by `amountRequired` with spec §5's words.
 */
const amountMinor = z
  .number(invalid)
  .int(invalid)
  .min(0, invalid)
  .max(Number.MAX_SAFE_INTEGER, invalid)
  .nullable()
  .optional();

/** A short text a refund or credit note gives (its reason, a reference): empty is absent. */
const note = (max: number) =>
  z
    .string(invalid)
    .trim()
    .max(max, invalid)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** 'Please enter the amount' (spec §5) for an amount that is missing or zero, as the whole message. */
export function amountRequired(body: { amountMinor?: number | null }, ctx: z.RefinementCtx): void {
  if (!body.amountMinor) ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.amountRequired, path: [] });
}

/** 'A reason is required' for a refund or credit note without one. */
export function reasonRequired(body: { reason: string | null }, ctx: z.RefinementCtx): void {
  if (!body.reason) ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.reasonRequired, path: [] });
}

const ledgerBody = z.object({
  invoiceId: uuid,
  amountMinor,
  mode: z.enum(PAYMENT_MODES, invalid),
  reference: note(PAYMENT_REFERENCE_MAX),
  /** The invoice's version the desk's screen showed; an older one is a 409 (the invoice changed meanwhile). */
  invoiceVersion: z.number(invalid).int(invalid).min(1, invalid).optional(),
  idempotencyKey: idempotencyKeySchema,
});

const referenceRequired = (body: z.output<typeof ledgerBody>, ctx: z.RefinementCtx): void => {
  if (PAYMENT_MODES_NEEDING_REFERENCE.includes(body.mode) && !body.reference)
    ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.referenceRequired(body.mode), path: [] });
};

export const paymentInputSchema = ledgerBody.superRefine(amountRequired).superRefine(referenceRequired);
export const refundInputSchema = ledgerBody
  .extend({ reason: note(500) })
  .superRefine(amountRequired)
  .superRefine(reasonRequired);

/** Payments and refunds on a patient invoice (spec §7 `/refund`; `/payment/create`). */
export const PAYMENT_ENDPOINTS = {
  createPayment: ep({
    method: 'POST',
    path: '/payment/create',
    access: requirement('BILLING', GENERIC.CREATE),
    body: paymentInputSchema,
    data: ledgerChangeSchema,
    // 404: an invoice the caller does not reach; 409: settled, cancelled, beyond the balance, a stale version, a
    // reused idempotency key
    errors: [404, 409],
  }),
  refund: ep({
    method: 'POST',
    path: '/refund',
    access: requirement('BILLING', SPECIFIC.REFUND),
    body: refundInputSchema,
    data: ledgerChangeSchema,
    // 409: beyond what was paid, a stale version, a reused idempotency key
    errors: [404, 409],
  }),
};
