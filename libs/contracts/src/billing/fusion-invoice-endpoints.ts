import { z } from 'zod';
import {
  AMOUNT_MAX,
  AMOUNT_MIN,
  AMOUNT_REQUIRED_MESSAGE,
  amountRangeMessage,
  majorToMinorUnits,
} from '@rayworks/validation';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { invalid, uuid } from '../auth/endpoint-fields.js';
import {
  fusionInvoiceActionsSchema,
  fusionInvoiceActivitySchema,
  fusionInvoiceDetailSchema,
  fusionInvoiceSchema,
  fusionRateSchema,
  invoiceMonthSchema,
} from './fusion-invoice-entities.js';
import { FUSION_INVOICE_MESSAGES, FUSION_INVOICE_NOT_RAISED_LABEL } from './fusion-invoice-messages.js';
import { INVOICE_ACTION_PRIVILEGES } from './invoice-actions.js';
import { INVOICE_SIDES, INVOICE_STATUSES } from './invoice-states.js';

const isoDate = z.iso.date(invalid);
const version = z.number(invalid).int(invalid).min(1, invalid);
const RATE_LABEL = 'Rate';
/** A DICOM modality code ('CT', 'MR'), read upper-case. */
const modality = z
  .string(invalid)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,16}$/, invalid);

/** A rate in minor units, 0..100000 in the currency's major units (spec §5's range and words: 'Rate should be in …'). */
const rateMinor = z
  .number({ error: (issue) => (issue.input === undefined ? AMOUNT_REQUIRED_MESSAGE : invalid.error) })
  .int(invalid)
  .min(majorToMinorUnits(AMOUNT_MIN), amountRangeMessage(RATE_LABEL))
  .max(majorToMinorUnits(AMOUNT_MAX), amountRangeMessage(RATE_LABEL));

/**
 * An amount an invoice action takes, in whole minor units (the console reads the typed text with libs/validation's
 * parseAmountMinor). Whether one is needed and what it may be is the invoice machine's to say (`nextInvoice`: 400
 * 'Please enter the amount', 'The amount must be more than zero', 'The amount cannot exceed the balance due').
 */
const amountMinor = z
  .number(invalid)
  .int(invalid)
  .min(Number.MIN_SAFE_INTEGER, invalid)
  .max(Number.MAX_SAFE_INTEGER, invalid)
  .nullable()
  .optional();

/** A reason or comment as typed: trimmed; empty is absent (the machine answers 'A reason is required'). */
const text = (max: number) =>
  z
    .string(invalid)
    .trim()
    .max(max, invalid)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** For a caller on both sides of one company's invoice: the side it acts for (else the action's own side). */
const side = z.enum(INVOICE_SIDES, invalid).optional();

const rateCreateBody = z
  .object({
    fusionCentreId: uuid,
    /** null: every client centre of this fusion centre without a rate of its own. */
    clientCentreId: uuid.nullable().default(null),
    modality,
    rateMinor,
    validFrom: isoDate,
  })
  .strict();
const rateUpdateBody = z.object({ id: uuid, version, rateMinor, validFrom: isoDate }).strict();

const invoiceRef = z.object({ id: uuid, version }).strict();

/** The invoice statuses a list filters by, and 'NOT RAISED' for the invoices still gathering their month's reads. */
export const FUSION_INVOICE_LIST_STATUSES = [FUSION_INVOICE_NOT_RAISED_LABEL, ...INVOICE_STATUSES] as const;

const INVOICE = (code: (typeof INVOICE_ACTION_PRIVILEGES)[keyof typeof INVOICE_ACTION_PRIVILEGES]) =>
  requirement('INVOICE', code);

export const fusionCommentBody = z
  .object({ id: uuid, text: text(2000), side })
  .strict()
  .superRefine((b, ctx) => {
    if (!b.text) ctx.addIssue({ code: 'custom', path: ['text'], message: FUSION_INVOICE_MESSAGES.commentRequired });
  });

/**
 * Fusion invoicing (issue 22; docs/decisions/0274–0277): the fusion hub's rates (`/fusion/rate/*`: its admins
 * only, INVOICE VIEW / CREATE and a role of the hub's side), and the monthly invoices to client centres
 * (`/fusion/invoice/*`), each action authorised by `authorizeInvoiceAction` and moved by `nextInvoice`
 * (libs/lifecycles): 403 a missing privilege, a role or side that never takes the action; 409 the action in this
 * status, a resume by the side that did not hold, a stale version; 400 a missing amount or reason. An invoice the
 * caller's company and reach do not see is 404, like one that does not exist.
 */
export const FUSION_INVOICE_ENDPOINTS = {
  findFusionRates: ep({
    method: 'POST',
    path: '/fusion/rate/find',
    access: requirement('INVOICE', GENERIC.VIEW),
    body: listQuery({
      sortBy: ['modality', 'createdAt', 'updatedAt'],
      filters: {
        fusionCentreId: uuid.optional(),
        clientCentreId: uuid.optional(),
        modality: modality.optional(),
      },
    }),
    data: page(fusionRateSchema),
  }),
  createFusionRate: ep({
    method: 'POST',
    path: '/fusion/rate/create',
    access: INVOICE(INVOICE_ACTION_PRIVILEGES.RAISE),
    body: rateCreateBody,
    data: fusionRateSchema,
    // 404: not a fusion centre of the caller's company and reach; 409: a rate for the same key exists
    errors: [404, 409],
  }),
  updateFusionRate: ep({
    method: 'POST',
    path: '/fusion/rate/update',
    access: INVOICE(INVOICE_ACTION_PRIVILEGES.RAISE),
    body: rateUpdateBody,
    data: fusionRateSchema,
    // 409: a stale version, or a new version that does not start after the latest one
    errors: [404, 409],
  }),
  findFusionInvoices: ep({
    method: 'POST',
    path: '/fusion/invoice/find',
    access: requirement('INVOICE', GENERIC.VIEW),
    body: listQuery({
      sortBy: ['month', 'createdAt', 'updatedAt', 'totalMinor'],
      filters: {
        status: z.enum(FUSION_INVOICE_LIST_STATUSES, invalid).optional(),
        side: z.enum(INVOICE_SIDES, invalid).optional(),
        month: invoiceMonthSchema.optional(),
        fusionCentreId: uuid.optional(),
        clientCentreId: uuid.optional(),
      },
    }),
    data: page(fusionInvoiceSchema),
  }),
  getFusionInvoice: ep({
    method: 'POST',
    path: '/fusion/invoice/get',
    access: requirement('INVOICE', GENERIC.VIEW),
    body: z.object({ id: uuid }).strict(),
    data: fusionInvoiceDetailSchema,
    errors: [404],
  }),
  fusionInvoiceActions: ep({
    method: 'POST',
    path: '/fusion/invoice/actions',
    access: requirement('INVOICE', GENERIC.VIEW),
    body: z.object({ id: uuid }).strict(),
    data: fusionInvoiceActionsSchema,
    errors: [404],
  }),
  raiseFusionInvoice: ep({
    method: 'POST',
    path: '/fusion/invoice/raise',
    access: INVOICE(INVOICE_ACTION_PRIVILEGES.RAISE),
    body: invoiceRef,
    data: fusionInvoiceSchema,
    // 409: raised already, stale, reads without a rate, nothing to pay
    errors: [404, 409],
  }),
  payFusionInvoice: ep({
    method: 'POST',
    path: '/fusion/invoice/pay',
    access: INVOICE(INVOICE_ACTION_PRIVILEGES.TAKE_ACTION),
    body: invoiceRef.extend({ amountMinor }),
    data: fusionInvoiceSchema,
    errors: [404, 409],
  }),
  confirmFusionInvoicePayment: ep({
    method: 'POST',
    path: '/fusion/invoice/confirm',
    access: INVOICE(INVOICE_ACTION_PRIVILEGES.CONFIRM_PAYMENT),
    // amountMinor: what the hub received, when less than the request (default: the whole request)
    body: invoiceRef.extend({ amountMinor }),
    data: fusionInvoiceSchema,
    errors: [404, 409],
  }),
  rejectFusionInvoicePayment: ep({
    method: 'POST',
    path: '/fusion/invoice/reject',
    access: INVOICE(INVOICE_ACTION_PRIVILEGES.REJECT_PAYMENT),
    body: invoiceRef.extend({ reason: text(500) }),
    data: fusionInvoiceSchema,
    errors: [404, 409],
  }),
  holdFusionInvoice: ep({
    method: 'POST',
    path: '/fusion/invoice/hold',
    access: INVOICE(INVOICE_ACTION_PRIVILEGES.HOLD),
    body: invoiceRef.extend({ reason: text(500), side }),
    data: fusionInvoiceSchema,
    errors: [404, 409],
  }),
  resumeFusionInvoice: ep({
    method: 'POST',
    path: '/fusion/invoice/resume',
    access: INVOICE(INVOICE_ACTION_PRIVILEGES.RESUME),
    body: invoiceRef.extend({ side }),
    data: fusionInvoiceSchema,
    errors: [404, 409],
  }),
  commentFusionInvoice: ep({
    method: 'POST',
    path: '/fusion/invoice/comment',
    access: INVOICE(INVOICE_ACTION_PRIVILEGES.COMMENT),
    body: fusionCommentBody,
    data: fusionInvoiceActivitySchema,
    // 409: an invoice not raised yet (the hub's draft has no conversation)
    errors: [404, 409],
  }),
};
