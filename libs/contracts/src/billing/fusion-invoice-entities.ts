import { z } from 'zod';
import { CURRENCY_CODES } from '@rayworks/validation';
import { INVOICE_ACTIONS } from './invoice-actions.js';
import { INVOICE_SIDES, INVOICE_STATUSES } from './invoice-states.js';

/**
 * Fusion invoicing as the API shows it (issue 22 "Fusion invoicing"; docs/decisions/0274–0277): a fusion centre's
 * rates per client centre and modality, and the monthly invoice a fusion hub raises to each client centre for the
 * reads it completed, moved by the invoice machine (libs/lifecycles/src/invoice). Money in integer minor units with
 * its currency (docs/decisions/0079).
 */

/** A month of invoicing, 'YYYY-MM', on the fusion hub's clock. */
export const invoiceMonthSchema = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/);

/** One version of a rate: its amount from a day on (the hub's local date) until the next version starts. */
export const fusionRateVersionSchema = z.object({
  _id: z.uuid(),
  rateMinor: z.number().int().nonnegative(),
  currency: z.enum(CURRENCY_CODES),
  /** 'YYYY-MM-DD': reads completed on or after this day (until the next version) are billed at this rate. */
  validFrom: z.iso.date(),
  createdAt: z.string(),
});
export type FusionRateVersion = z.infer<typeof fusionRateVersionSchema>;

/**
 * A fusion centre's rate for one client centre (or, `clientCentreId` null, for every client centre that has no rate
 * of its own) and one modality. Versioned: an update adds a version starting on a later day; a line keeps the
 * version it was billed at (docs/decisions/0274).
 */
export const fusionRateSchema = z.object({
  _id: z.uuid(),
  /** Optimistic concurrency: an update names the version it read. */
  version: z.number().int().positive(),
  fusionCentreId: z.uuid(),
  fusionCentreName: z.string().nullable(),
  clientCentreId: z.uuid().nullable(),
  modality: z.string(),
  /** The version in force today (the latest that has started), or null when every version starts later. */
  current: fusionRateVersionSchema.nullable(),
  /** Every version, oldest first. */
  versions: z.array(fusionRateVersionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FusionRate = z.infer<typeof fusionRateSchema>;

/**
 * A fusion hub's invoice to one client centre for one month. `status` null: not raised yet — the month's reads are
 * still gathering and only the hub sees it; raising starts the invoice machine (INVOICE RAISED). `sides`: the sides
 * the caller is on (its organisation is the hub's fusion centre, the client centre, or — one company's own fusion
 * contract — both); the console gives it to `allowedInvoiceActions` with the invoice's facts.
 */
export const fusionInvoiceSchema = z.object({
  _id: z.uuid(),
  version: z.number().int().positive(),
  month: invoiceMonthSchema,
  status: z.enum(INVOICE_STATUSES).nullable(),
  fusionTenantId: z.uuid(),
  fusionCentreId: z.uuid(),
  fusionCentreName: z.string().nullable(),
  clientTenantId: z.uuid(),
  clientCentreId: z.uuid(),
  clientCentreName: z.string().nullable(),
  currency: z.enum(CURRENCY_CODES),
  /** Reads on the invoice, and those of them without a rate yet (priced when the invoice is raised). */
  lineCount: z.number().int().nonnegative(),
  unpricedLineCount: z.number().int().nonnegative(),
  /** The sum of the priced reads (before raising it may still grow). */
  linesTotalMinor: z.number().int().nonnegative(),
  /** The raised total (null before raising), what the hub confirmed as paid, and what is still due. */
  totalMinor: z.number().int().positive().nullable(),
  paidMinor: z.number().int().nonnegative(),
  balanceMinor: z.number().int().nonnegative().nullable(),
  /** AWAITING PAYMENT CONFIRMATION: the amount the client paid and asks the hub to confirm. */
  requestedMinor: z.number().int().positive().nullable(),
  heldFrom: z.enum(INVOICE_STATUSES).nullable(),
  heldBy: z.enum(INVOICE_SIDES).nullable(),
  holdReason: z.string().nullable(),
  rejectReason: z.string().nullable(),
  raisedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  sides: z.array(z.enum(INVOICE_SIDES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FusionInvoice = z.infer<typeof fusionInvoiceSchema>;

/** One completed fusion read on an invoice (exactly one line per case read). */
export const fusionInvoiceLineSchema = z.object({
  _id: z.uuid(),
  caseId: z.uuid(),
  modality: z.string().nullable(),
  /** When the fusion side completed the read. */
  completedAt: z.string(),
  radiologistId: z.uuid().nullable(),
  /** The rate version it is billed at, and its amount; null until a rate covers it (at the latest, at raising). */
  rateVersionId: z.uuid().nullable(),
  unitMinor: z.number().int().nonnegative().nullable(),
  currency: z.enum(CURRENCY_CODES),
});
export type FusionInvoiceLine = z.infer<typeof fusionInvoiceLineSchema>;

export const FUSION_INVOICE_ACTIVITY_KINDS = ['ACTION', 'COMMENT'] as const;

/** One entry of an invoice's history: an action that moved it, or a comment; the side and the user who wrote it. */
export const fusionInvoiceActivitySchema = z.object({
  _id: z.uuid(),
  kind: z.enum(FUSION_INVOICE_ACTIVITY_KINDS),
  action: z.enum(INVOICE_ACTIONS),
  side: z.enum(INVOICE_SIDES),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  /** A comment's text, a hold's or a rejection's reason. */
  text: z.string().nullable(),
  /** A payment's, a confirmation's or the raised total's amount. */
  amountMinor: z.number().int().nullable(),
  /** The status the action left the invoice in (null for a comment). */
  status: z.enum(INVOICE_STATUSES).nullable(),
  at: z.string(),
});
export type FusionInvoiceActivity = z.infer<typeof fusionInvoiceActivitySchema>;

/** An invoice with its reads, its history and the actions the caller may take on it now. */
export const fusionInvoiceDetailSchema = fusionInvoiceSchema.extend({
  lines: z.array(fusionInvoiceLineSchema),
  activity: z.array(fusionInvoiceActivitySchema),
  allowedActions: z.array(z.enum(INVOICE_ACTIONS)),
});
export type FusionInvoiceDetail = z.infer<typeof fusionInvoiceDetailSchema>;

/** What the caller may do on one invoice now, per side it is on (the console's buttons). */
export const fusionInvoiceActionsSchema = z.object({
  _id: z.uuid(),
  version: z.number().int().positive(),
  sides: z.array(z.object({ side: z.enum(INVOICE_SIDES), actions: z.array(z.enum(INVOICE_ACTIONS)) })),
  /** Every action of any side, in INVOICE_ACTIONS order. */
  actions: z.array(z.enum(INVOICE_ACTIONS)),
});
export type FusionInvoiceActions = z.infer<typeof fusionInvoiceActionsSchema>;
