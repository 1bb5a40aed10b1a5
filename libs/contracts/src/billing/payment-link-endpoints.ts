import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { invalid, uuid } from '../auth/endpoint-fields.js';
import { localPaymentEventSchema } from './payment-link-local-provider.js';
import { PAYMENT_WEBHOOK_OUTCOMES, paymentLinkSchema, publicPaymentLinkSchema } from './payment-link-entities.js';

/**
 * A payment link's token, as the /payment page's address carries it: the company (its uuid's 16 bytes, base64url, 22
 * characters) and a secret of 32 random bytes (base64url, 43 characters). Only the secret's hash is stored.
 */
export const PAYMENT_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

/** How long a new link is valid unless the desk says otherwise, and the bounds it may say. */
export const PAYMENT_LINK_VALIDITY_HOURS = { default: 72, min: 1, max: 720 } as const;

const token = z.string(invalid).trim().regex(PAYMENT_LINK_TOKEN_PATTERN, invalid);

/**
 * Payment links (docs/decisions/0281–0284): made and cancelled by the desk, read and paid by the patient on the public
 * /payment page, paid through the provider whose signed webhook records the payment.
 */
export const PAYMENT_LINK_ENDPOINTS = {
  createPaymentLink: ep({
    method: 'POST',
    path: '/payment-link/create',
    access: requirement('BILLING', GENERIC.CREATE),
    body: z
      .object({
        invoiceId: uuid,
        validForHours: z
          .number(invalid)
          .int(invalid)
          .min(PAYMENT_LINK_VALIDITY_HOURS.min, invalid)
          .max(PAYMENT_LINK_VALIDITY_HOURS.max, invalid)
          .default(PAYMENT_LINK_VALIDITY_HOURS.default),
      })
      .strict(),
    /** `url`: the /payment page's address with the token — shown once, only its hash is kept. */
    data: z.object({ link: paymentLinkSchema, url: z.string() }),
    // 404: an invoice the caller does not reach; 409: nothing due, cancelled, an open link already, no provider
    errors: [404, 409],
  }),
  cancelPaymentLink: ep({
    method: 'POST',
    path: '/payment-link/cancel',
    access: requirement('BILLING', GENERIC.CREATE),
    body: z.object({ linkId: uuid }).strict(),
    data: paymentLinkSchema,
    // 404: a link the caller does not reach; 409: already paid or cancelled
    errors: [404, 409],
  }),
  findPaymentLinks: ep({
    method: 'POST',
    path: '/payment-link/get',
    access: requirement('BILLING', GENERIC.VIEW),
    body: z.object({ invoiceId: uuid }).strict(),
    /** The invoice's links, newest first, each with the provider's events. */
    data: z.object({ links: z.array(paymentLinkSchema) }),
    errors: [404],
  }),
  /** The public /payment page reads its link (no login); `attemptId`: the state of the attempt it came back from. */
  readPaymentLink: ep({
    method: 'POST',
    path: '/payment-link/public',
    access: 'public',
    body: z.object({ token, attemptId: uuid.optional() }).strict(),
    data: publicPaymentLinkSchema,
    // 404: an unknown token or another company's
    errors: [404],
  }),
  /** The public /payment page starts a payment: the provider's checkout address to send the patient to. */
  startPaymentLinkCheckout: ep({
    method: 'POST',
    path: '/payment-link/checkout',
    access: 'public',
    body: z.object({ token }).strict(),
    data: z.object({ checkoutUrl: z.string(), attemptId: z.uuid() }),
    // 404: an unknown token; 409: already paid, cancelled, no provider; 410: expired
    errors: [404, 409, 410],
  }),
  /**
   * A payment provider's webhook (no login: the signature over the exact bytes sent is the proof). The body is the
   * provider's own event — documented here as the local provider's (payment-link-local-provider.ts) — and reaches the
   * handler as raw bytes (`rawBody`): verified first (401), then parsed by the provider (400 naming the field).
   * A replayed event id answers 200 REPLAYED and changes nothing.
   */
  paymentLinkWebhook: ep({
    method: 'POST',
    path: '/payment-link/webhook/:provider',
    access: 'public',
    rawBody: true,
    body: localPaymentEventSchema,
    data: z.object({ outcome: z.enum(PAYMENT_WEBHOOK_OUTCOMES) }),
    // 401: a missing, wrong or stale signature; 404: a provider this service does not run
    errors: [401, 404],
  }),
};
