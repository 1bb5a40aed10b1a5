import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { uuid } from '../auth/endpoint-fields.js';

/**
 * Billing's printed documents (docs/decisions/0259-invoice-and-receipt-pdfs.md): an invoice at a version (its amounts
 * after each payment, refund or credit note) and a payment's receipt, printed to PDF by billing's worker and stored.
 */
export const BILLING_DOCUMENT_KINDS = ['invoice', 'receipt'] as const;
export type BillingDocumentKind = (typeof BILLING_DOCUMENT_KINDS)[number];

/** `queued`: the worker has not stored the PDF yet (ask again shortly); `ready`: `url` downloads it. */
export const BILLING_DOCUMENT_STATES = ['queued', 'ready'] as const;
export type BillingDocumentState = (typeof BILLING_DOCUMENT_STATES)[number];

export const billingDocumentSchema = z.object({
  document: z.enum(BILLING_DOCUMENT_KINDS),
  /** The invoice's id, or the payment's (its receipt). */
  id: z.uuid(),
  /** The invoice's number (a receipt names its invoice). */
  invoiceNumber: z.string(),
  /** The invoice's version the PDF shows (its latest); a receipt never changes: 1. */
  version: z.number().int().min(1),
  state: z.enum(BILLING_DOCUMENT_STATES),
  /** A presigned GET of the stored PDF, valid for 5 minutes, when ready; else null. */
  url: z.string().nullable(),
});
export type BillingDocument = z.infer<typeof billingDocumentSchema>;

/** The messages of the documents' routes (a missing invoice is BILLING_MESSAGES.invoiceNotFound). */
export const DOCUMENT_MESSAGES = {
  paymentNotFound: 'Payment not found',
  /** A refund is recorded on the invoice's PDF; a receipt is for money received. */
  refundHasNoReceipt: 'A refund has no receipt: print the invoice',
} as const;

const VIEW_BILLING = requirement('BILLING', GENERIC.VIEW);

/**
 * The PDF of an invoice (its latest version) and of a payment's receipt: a short-lived download link once the worker
 * has stored it, `queued` until then. 404: an invoice or payment the caller does not reach (another centre's or
 * company's, or none); 409: a refund's "receipt".
 */
export const DOCUMENT_ENDPOINTS = {
  invoicePdf: ep({
    method: 'POST',
    path: '/invoice/pdf',
    access: VIEW_BILLING,
    body: z.object({ invoiceId: uuid }).strict(),
    data: billingDocumentSchema,
    errors: [404],
  }),
  paymentReceipt: ep({
    method: 'POST',
    path: '/payment/receipt',
    access: VIEW_BILLING,
    body: z.object({ paymentId: uuid }).strict(),
    data: billingDocumentSchema,
    errors: [404, 409],
  }),
};
