import { z } from 'zod';
import { CURRENCY_CODES } from '@rayworks/validation';

/**
 * Online payment through a payment link (docs/decisions/0281–0284): the desk makes a link for an invoice's balance,
 * the patient opens the public /payment page with its token and pays through a payment provider; the provider's
 * signed webhook records the payment in the invoice's ledger.
 */

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * A link's status. OPEN until paid or cancelled; a link read after its expiry is EXPIRED (stored OPEN until something
 * writes it: a new link for the invoice, a late payment event).
 */
export const PAYMENT_LINK_STATUSES = ['OPEN', 'PAID', 'CANCELLED', 'EXPIRED'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/**
 * The payment providers billing has an adapter for. `local`: the stack's own gateway (development and tests only:
 * it takes no money); Razorpay, Stripe and PayU would each be one more adapter of the same interface (0282).
 */
export const PAYMENT_PROVIDERS = ['local'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What a provider's event is about, whatever its own words. */
export const PAYMENT_LINK_EVENT_TYPES = ['PAID', 'FAILED'] as const;
export type PaymentLinkEventType = (typeof PAYMENT_LINK_EVENT_TYPES)[number];

/**
 * What a verified webhook event did (0283):
 * - APPLIED: a payment taken into the invoice's ledger, the link PAID;
 * - FAILED: a failed attempt on an open link, noted (the patient may try again);
 * - IGNORED: nothing to do (a failure after the link was paid, cancelled or expired; the same payment reported again
 *   under another event id);
 * - REFUND_DUE: the provider took money the invoice did not take (paid after a cancel or after the expiry, a second
 *   payment of a paid link, an invoice settled at the desk meanwhile): recorded, to be given back through the provider.
 */
export const PAYMENT_LINK_EVENT_OUTCOMES = ['APPLIED', 'FAILED', 'IGNORED', 'REFUND_DUE'] as const;
export type PaymentLinkEventOutcome = (typeof PAYMENT_LINK_EVENT_OUTCOMES)[number];

/** The webhook's answer: an outcome, or REPLAYED for an event id already received (nothing changed). */
export const PAYMENT_WEBHOOK_OUTCOMES = [...PAYMENT_LINK_EVENT_OUTCOMES, 'REPLAYED'] as const;
export type PaymentWebhookOutcome = (typeof PAYMENT_WEBHOOK_OUTCOMES)[number];

/**
 * Who took an online payment in the ledger (payments.taken_by): the online payment itself, never a desk user — the
 * day end counts it under this name, apart from every cashier's collection.
 */
export const ONLINE_PAYMENT_TAKER = {
  userId: '00000000-0000-4000-8000-0000000000b1',
  loginName: 'online-payment',
} as const;

/** A provider's event on a link, as billing recorded it. */
export const paymentLinkEventSchema = z.object({
  eventId: z.string(),
  type: z.enum(PAYMENT_LINK_EVENT_TYPES),
  providerPaymentId: z.string().nullable(),
  amountMinor: minor,
  currency: z.enum(CURRENCY_CODES),
  /** When the provider says it happened. */
  occurredAt: z.iso.datetime(),
  receivedAt: z.iso.datetime(),
  outcome: z.enum(PAYMENT_LINK_EVENT_OUTCOMES),
  /** Why (a failure's reason, why money is to be given back). */
  note: z.string().nullable(),
});
export type PaymentLinkEvent = z.infer<typeof paymentLinkEventSchema>;

/** A payment link as the desk sees it. */
export const paymentLinkSchema = z.object({
  _id: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  centreId: z.uuid(),
  /** The invoice's balance when the link was made: what the patient pays, whatever happens to the invoice later. */
  amountMinor: minor,
  currency: z.enum(CURRENCY_CODES),
  status: z.enum(PAYMENT_LINK_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  createdBy: z.object({ userId: z.uuid(), loginName: z.string() }),
  /** The ledger entry of the payment (payments._id) once paid. */
  paymentId: z.uuid().nullable(),
  providerPaymentId: z.string().nullable(),
  paidAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  /** The provider's events on the link, oldest first. */
  events: z.array(paymentLinkEventSchema),
  /** Money the provider took that the invoice did not take (REFUND_DUE events): to give back through the provider. */
  refundDueMinor: minor,
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** The state of one payment attempt (a checkout) as the provider's events tell it. */
export const PAYMENT_ATTEMPT_STATES = ['PENDING', 'PAID', 'FAILED'] as const;
export type PaymentAttemptState = (typeof PAYMENT_ATTEMPT_STATES)[number];

/**
 * A payment link as the public /payment page shows it (no login): only what the patient needs to recognise the bill
 * and pay it — the centre, the invoice number, the patient's first name (or initials), the amount.
 */
export const publicPaymentLinkSchema = z.object({
  centreName: z.string(),
  invoiceNumber: z.string(),
  patientName: z.string(),
  amountMinor: minor,
  currency: z.enum(CURRENCY_CODES),
  status: z.enum(PAYMENT_LINK_STATUSES),
  expiresAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /** The attempt the page asked about (`attemptId`), or null when it asked about none. */
  attempt: z.object({ state: z.enum(PAYMENT_ATTEMPT_STATES), failureReason: z.string().nullable() }).nullable(),
});
export type PublicPaymentLink = z.infer<typeof publicPaymentLinkSchema>;

/**
 * The patient's name as a payment link shows it to whoever holds the link: the first name, or the initials when the
 * first word is only an initial ('R. Kumar' → 'R. K.').
 */
export function patientFirstName(patientName: string): string {
  const words = patientName.trim().split(/\s+/).filter(Boolean);
  const first = (words[0] ?? '').replace(/\.+$/, '');
  if (first.length >= 2) return first;
  return words.map((w) => `${[...w][0]!.toUpperCase()}.`).join(' ');
}
