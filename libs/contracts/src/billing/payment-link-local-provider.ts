import { z } from 'zod';
import { CURRENCY_CODES } from '@rayworks/validation';

/**
 * The wire format of the LOCAL payment provider (docs/decisions/0282): the stack's own gateway, which takes no money.
 * It posts a webhook like a real gateway: a JSON event, signed in a header with HMAC-SHA256 over
 * `<timestamp>.<raw body>` with the secret billing and the gateway share (PAYMENT_WEBHOOK_SECRET) — Stripe's scheme,
 * so a replay of an old request is refused by its timestamp and a replay of a recent one by its event id.
 */

/** The header of the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const LOCAL_PAYMENT_SIGNATURE_HEADER = 'rayworks-signature';

/** How far a signature's time may be from the receiver's clock (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const LOCAL_PAYMENT_EVENT_TYPES = ['payment.succeeded', 'payment.failed'] as const;

const providerId = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9_-]{8,64}$`), `must be ${prefix}_ and 8 to 64 letters or digits`);

/**
 * One event of the local provider. `metadata` is what billing gave the checkout, echoed back (as Stripe's metadata,
 * Razorpay's notes, PayU's udf fields): the company, the link and the attempt the payment belongs to.
 */
export const localPaymentEventSchema = z
  .object({
    id: providerId('evt'),
    type: z.enum(LOCAL_PAYMENT_EVENT_TYPES),
    /** When the payment succeeded or failed, unix seconds. */
    created: z.number().int().min(0).max(253_402_300_799),
    data: z
      .object({
        checkoutId: providerId('cs'),
        paymentId: providerId('pay'),
        amountMinor: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        currency: z.enum(CURRENCY_CODES),
        failureReason: z.string().max(200).nullable(),
        metadata: z.object({ tenantId: z.uuid(), linkId: z.uuid(), attemptId: z.uuid() }).strict(),
      })
      .strict(),
  })
  .strict();
export type LocalPaymentEvent = z.infer<typeof localPaymentEventSchema>;
