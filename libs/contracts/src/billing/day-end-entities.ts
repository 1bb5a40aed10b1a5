import { z } from 'zod';
import { CURRENCY_CODES } from '@rayworks/validation';
import { LEDGER_ENTRY_KINDS } from './invoice-billing-entities.js';
import { AGEING_BUCKET_KEYS, CLOSING_RESULTS } from './day-end-rules.js';
import { PAYMENT_MODES } from './payment-modes.js';

/**
 * A centre's day end, its cash closing, outstanding invoices by age, a referral's commission statement and the finance
 * dashboard as the billing API shows them (docs/decisions/0278–0280). Every amount is whole minor units (0079); a
 * `…Minor` that may be below zero (a net of refunds, a difference) says so.
 */

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A net or a difference: may be below zero. */
const signedMinor = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().min(0);
/** A calendar date at the centre, 'YYYY-MM-DD'. */
const localDate = z.iso.date();
const who = z.object({ userId: z.uuid(), loginName: z.string() });

/** One payment mode's payments and refunds. */
export const modeCollectionSchema = z.object({
  mode: z.enum(PAYMENT_MODES),
  payments: count,
  paidMinor: minor,
  refunds: count,
  refundedMinor: minor,
  /** paid − refunded. */
  netMinor: signedMinor,
});

/** Payments less refunds: one line per mode that had any (PAYMENT_MODES' order), and the sums. */
export const collectionSchema = z.object({
  byMode: z.array(modeCollectionSchema),
  payments: count,
  paidMinor: minor,
  refunds: count,
  refundedMinor: minor,
  netMinor: signedMinor,
});
export type CollectionFigures = z.infer<typeof collectionSchema>;

/** What one user took and gave back on the day. */
export const userCollectionSchema = collectionSchema.extend({ user: who });

/** A centre's day closed with the cash counted in the drawer (once per centre and date). */
export const dayClosingSchema = z.object({
  _id: z.uuid(),
  centreId: z.uuid(),
  date: localDate,
  currency: z.enum(CURRENCY_CODES),
  /** What the desk counted. */
  countedCashMinor: minor,
  /** The day's cash payments less cash refunds when the day was closed. */
  expectedCashMinor: signedMinor,
  /** counted − expected: above zero over, below zero short. */
  differenceMinor: signedMinor,
  result: z.enum(CLOSING_RESULTS),
  note: z.string().nullable(),
  closedAt: z.iso.datetime(),
  closedBy: who,
  /** The day's collection as it stood at the close (what `afterClose` is measured from). */
  collection: collectionSchema,
});
export type DayClosing = z.infer<typeof dayClosingSchema>;

/** A payment or refund of the day taken after the day was closed. */
export const lateLedgerEntrySchema = z.object({
  _id: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  mode: z.enum(PAYMENT_MODES),
  amountMinor: minor,
  takenAt: z.iso.datetime(),
  takenBy: who,
});

/** The centre's day as its clock has it: the local date and the instants it begins and ends. */
const centreDay = {
  centre: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  date: localDate,
  timeZone: z.string(),
  /** The first instant of the day at the centre (local midnight). */
  startsAt: z.iso.datetime(),
  /** The first instant of the next day. */
  endsAt: z.iso.datetime(),
  currency: z.enum(CURRENCY_CODES),
};

/** `/finance/dayend/get`: a centre's day end. */
export const dayEndReportSchema = z.object({
  ...centreDay,
  /** Every payment and refund of the day at the centre, by mode (including those after the close). */
  collection: collectionSchema,
  /** The same by the user who took them. */
  byUser: z.array(userCollectionSchema),
  /** Invoices issued on the day (their totals as issued). */
  invoices: z.object({ count, totalMinor: minor }),
  /** Credit notes issued on the day. */
  creditNotes: z.object({ count, amountMinor: minor }),
  /** Invoiced less credit notes. */
  revenueMinor: signedMinor,
  outstanding: z.object({
    /** The day's invoices with something left to pay, and what is left (as of now). */
    dayInvoices: count,
    dayBalanceMinor: minor,
    /** Every invoice of the centre with something left to pay, and what is left (as of now). */
    centreInvoices: count,
    centreBalanceMinor: minor,
  }),
  /** The day's cash payments less cash refunds, now: what the drawer should hold from the day. */
  expectedCashMinor: signedMinor,
  closing: dayClosingSchema.nullable(),
  /** The collection now less the one recorded at the close; null while the day is open. */
  afterClose: collectionSchema.nullable(),
  /** The day's payments and refunds taken after the close (the latest 100). */
  lateEntries: z.array(lateLedgerEntrySchema),
});
export type DayEndReport = z.infer<typeof dayEndReportSchema>;

/** `/finance/collection/mine`: what the caller took and gave back on a day at a centre. */
export const myCollectionSchema = z.object({
  ...centreDay,
  user: who,
  collection: collectionSchema,
  /** The caller's cash payments less cash refunds of the day. */
  cashMinor: signedMinor,
  /** The centre's closing of the day, once it is closed (the desk counts blind until then); null while it is open. */
  closing: dayClosingSchema.nullable(),
});
export type MyCollection = z.infer<typeof myCollectionSchema>;

/** One age bucket of the centre's unpaid balances. */
export const ageingBucketSchema = z.object({
  bucket: z.enum(AGEING_BUCKET_KEYS),
  label: z.string(),
  invoices: count,
  balanceMinor: minor,
});

/** An invoice with something left to pay. */
export const outstandingInvoiceSchema = z.object({
  invoiceId: z.uuid(),
  number: z.string(),
  patient: z.object({ id: z.uuid(), mrID: z.string(), patientName: z.string() }),
  issuedOn: localDate,
  /** Days since the date of issue, on the centre's date today. */
  ageDays: count,
  bucket: z.enum(AGEING_BUCKET_KEYS),
  totalMinor: minor,
  creditedMinor: minor,
  paidMinor: minor,
  balanceMinor: minor,
});
export type OutstandingInvoice = z.infer<typeof outstandingInvoiceSchema>;

/** `/finance/outstanding`: a centre's unpaid balances by age, and a page of its invoices (the oldest first). */
export const outstandingSchema = z.object({
  centreId: z.uuid(),
  /** The centre's date today, which the ages are counted to. */
  today: localDate,
  currency: z.enum(CURRENCY_CODES),
  buckets: z.array(ageingBucketSchema),
  invoices: count,
  balanceMinor: minor,
  items: z.array(outstandingInvoiceSchema),
  /** How many invoices the page's filter (bucket, search) holds. */
  total: count,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type Outstanding = z.infer<typeof outstandingSchema>;

/** A visit a referral sent in the statement's period, with its share of the commission. */
export const commissionVisitSchema = z.object({
  registrationId: z.uuid(),
  registrationID: z.string(),
  centreId: z.uuid(),
  patient: z.object({ id: z.uuid(), mrID: z.string(), patientName: z.string() }),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  /** The centre's date of the visit (its invoice's date of issue). */
  visitedOn: localDate,
  totalMinor: minor,
  creditedMinor: minor,
  /** total − credited: what the commission is paid on. */
  baseMinor: minor,
  /** base × basis points / 10,000, exact, in rupees: never rounded on its own. */
  commissionExact: z.string(),
});
export type CommissionVisit = z.infer<typeof commissionVisitSchema>;

/** `/finance/commission`: a referral's commission statement for a period. */
export const commissionStatementSchema = z.object({
  referral: z.object({ id: z.uuid(), name: z.string(), commissionBasisPoints: z.number().int().nullable() }),
  from: localDate,
  to: localDate,
  currency: z.enum(CURRENCY_CODES),
  visits: count,
  /** Invoice totals less credit notes of the period's visits. */
  baseMinor: minor,
  /** base × basis points / 10,000, exact, in rupees (the rate missing: '0.00'). */
  commissionExact: z.string(),
  /** The exact commission rounded once, half-up, to whole minor units: what is paid. */
  commissionMinor: minor,
  items: z.array(commissionVisitSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CommissionStatement = z.infer<typeof commissionStatementSchema>;

/** A centre's (or all the caller's centres') figures over a period. */
export const financeFiguresSchema = z.object({
  /** Invoices issued in the period and their totals as issued. */
  invoices: count,
  invoicedMinor: minor,
  creditNotes: count,
  creditedMinor: minor,
  /** Invoiced less credit notes. */
  revenueMinor: signedMinor,
  /** Payments less refunds taken in the period. */
  collection: collectionSchema,
  /** Now, whatever the period: what is left to pay of all invoices (totals − credit notes − payments + refunds). */
  outstandingMinor: minor,
});
export type FinanceFigures = z.infer<typeof financeFiguresSchema>;

/** `/finance/dashboard`: the caller's centres' revenue, collection and outstanding over a period of local dates. */
export const financeDashboardSchema = z.object({
  /** The period's first and last dates over every centre of the answer (each centre's own are in byCentre). */
  from: localDate,
  to: localDate,
  currency: z.enum(CURRENCY_CODES),
  totals: financeFiguresSchema,
  byCentre: z.array(
    financeFiguresSchema.extend({
      centre: z.object({ id: z.uuid(), code: z.string(), name: z.string(), groupId: z.uuid().nullable() }),
      timeZone: z.string(),
      /** The centre's own dates of the period (a named period is resolved on each centre's clock). */
      from: localDate,
      to: localDate,
    }),
  ),
});
export type FinanceDashboard = z.infer<typeof financeDashboardSchema>;
