import { z } from 'zod';
import { GENERIC, requirement, SPECIFIC } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { byId, invalid, uuid } from '../auth/endpoint-fields.js';
import {
  creditNoteChangeSchema,
  invoiceBillingSchema,
  patientInvoiceSummarySchema,
} from './invoice-billing-entities.js';
import { PATIENT_INVOICE_STATUSES } from './invoice-billing-states.js';
import { amountRequired, idempotencyKeySchema, reasonRequired } from './payment-endpoints.js';

const VIEW_BILLING = requirement('BILLING', GENERIC.VIEW);
const isoDate = z.iso.date(invalid);

/** A credit note: part or all of an invoice's balance taken back, with a reason (docs/decisions/0254). */
export const creditNoteInputSchema = z
  .object({
    invoiceId: uuid,
    amountMinor: z
      .number(invalid)
      .int(invalid)
      .min(0, invalid)
      .max(Number.MAX_SAFE_INTEGER, invalid)
      .nullable()
      .optional(),
    reason: z
      .string(invalid)
      .trim()
      .max(500, invalid)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    invoiceVersion: z.number(invalid).int(invalid).min(1, invalid).optional(),
    idempotencyKey: idempotencyKeySchema,
  })
  .superRefine(amountRequired)
  .superRefine(reasonRequired);

/** Patient invoices: read, found, corrected by a credit note (spec §7 `/getbilling`). */
export const INVOICE_BILLING_ENDPOINTS = {
  getBilling: ep({
    method: 'POST',
    path: '/getbilling',
    access: VIEW_BILLING,
    body: byId,
    data: invoiceBillingSchema,
    errors: [404],
  }),
  findInvoices: ep({
    method: 'POST',
    path: '/invoice/find',
    access: VIEW_BILLING,
    // `search`: the beginning of an invoice number
    body: listQuery({
      sortBy: ['issuedAt', 'number', 'totalMinor'],
      filters: {
        centreId: uuid.optional(),
        patientId: uuid.optional(),
        status: z.enum(PATIENT_INVOICE_STATUSES, invalid).optional(),
        /** The centre's dates of issue, both included ('YYYY-MM-DD'). */
        issuedFrom: isoDate.optional(),
        issuedTo: isoDate.optional(),
      },
    }),
    data: page(patientInvoiceSummarySchema),
  }),
  createCreditNote: ep({
    method: 'POST',
    path: '/creditnote/create',
    access: requirement('BILLING', SPECIFIC.REFUND),
    body: creditNoteInputSchema,
    data: creditNoteChangeSchema,
    // 409: beyond the balance (refund first), already cancelled, a stale version, a reused idempotency key
    errors: [404, 409],
  }),
};
