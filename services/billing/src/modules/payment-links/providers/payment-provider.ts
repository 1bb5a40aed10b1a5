import type { PaymentLink, PaymentLinkEventType, PaymentProviderName } from '@rayworks/contracts';

/**
 * A payment provider behind one interface (docs/decisions/0282): billing asks it for a checkout (a page the patient
 * pays on), and hands it each webhook to verify (over the exact bytes received) and to read as a ProviderEvent.
 * The local provider is the stack's own; Razorpay, Stripe or PayU would each be one more implementation.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** A checkout of this amount, payable until `expiresAt`, that sends the patient back to `returnUrl`. */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Throws WebhookSignatureError unless the request carries the provider's valid, fresh signature over `rawBody`
   * (compared in constant time).
   */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders, now: Date): void;
  /** The event a verified body carries; MalformedWebhookError (naming the field) for a body that is not one. */
  parseEvent(rawBody: Buffer): ProviderEvent;
}

/** The provider billing runs (null: PAYMENT_PROVIDER=none, online payment is off). */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

export type WebhookHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** What billing gives a checkout; `tenantId`, `linkId`, `attemptId` come back in every event (the provider's metadata). */
export interface CheckoutRequest {
  tenantId: string;
  linkId: string;
  attemptId: string;
  amountMinor: number;
  currency: PaymentLink['currency'];
  /** What the provider's page shows the patient ('Invoice … · Centre'). */
  description: string;
  payerName: string;
  /** The checkout takes no payment after this (the link's expiry). */
  expiresAt: Date;
  returnUrl: string;
}

export interface Checkout {
  checkoutId: string;
  /** Where the patient's browser goes to pay. */
  url: string;
}

/** A provider's event in billing's words, whatever the provider's own. */
export interface ProviderEvent {
  /** Unique per provider: the same id again is a replay. */
  eventId: string;
  type: PaymentLinkEventType;
  checkoutId: string;
  providerPaymentId: string | null;
  amountMinor: number;
  currency: PaymentLink['currency'];
  /** When the provider says the payment succeeded or failed. */
  occurredAt: Date;
  failureReason: string | null;
  tenantId: string;
  linkId: string;
  attemptId: string;
}

/** A webhook without a valid signature (`mismatch`, `missing`) or with an old one (`stale`): 401. */
export class WebhookSignatureError extends Error {
  constructor(readonly reason: 'missing' | 'mismatch' | 'stale') {
    super(`webhook signature ${reason}`);
    this.name = 'WebhookSignatureError';
  }
}

/** A verified webhook whose body is not an event the provider sends: 400 with this message. */
export class MalformedWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedWebhookError';
  }
}

/** A header's one value. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
