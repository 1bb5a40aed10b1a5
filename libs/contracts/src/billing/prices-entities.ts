import { z } from 'zod';
import { BASIS_POINTS_MAX, CURRENCY_CODES } from '@rayworks/validation';
import { ALL_ROLE_CODES } from '../access/roles.js';
import { testRefSchema } from './catalogue-entities.js';
import { invoiceLineSchema, taxRuleSchema } from './invoice-billing-entities.js';
import type { InvoiceTotals } from './invoice-totals.js';
import { PRICE_KINDS } from './pricing.js';

const basisPoints = z.number().int().min(0).max(BASIS_POINTS_MAX);
const minor = z.number().int().min(0);

/**
 * A centre's billing settings (docs/decisions/0250): its clock (IANA time zone; the night window, 'HH:MM' local,
 * start after end crossing midnight, or none), its tax (the GST state code that decides CGST + SGST against IGST, the
 * rate of taxable items) and how far each role may discount a line without a privileged approval. A centre that
 * never saved them reads the defaults (`saved: false`).
 */
export const centreBillingSettingsSchema = z.object({
  centreId: z.uuid(),
  timeZone: z.string(),
  nightWindow: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** The centre's GST state code (two digits, e.g. '29'), or null when not yet given. */
  taxStateCode: z.string().nullable(),
  /** The GST rate of taxable items, basis points (1800 = 18%). */
  taxRateBasisPoints: basisPoints,
  /** Per role: the largest line discount (basis points of the line's price) it may give unapproved; absent: 0. */
  discountLimits: z.array(z.object({ roleCode: z.enum(ALL_ROLE_CODES), limitBasisPoints: basisPoints })),
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type CentreBillingSettings = z.infer<typeof centreBillingSettingsSchema>;

/** A holiday of a centre's calendar: a whole local date billed at the holiday price (decision 0240). */
export const holidaySchema = z.object({
  _id: z.uuid(),
  centreId: z.uuid(),
  /** 'YYYY-MM-DD', the centre's local date. */
  date: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const RATE_CARD_ITEM_KINDS = ['TEST', 'PACKAGE'] as const;
export type RateCardItemKind = (typeof RATE_CARD_ITEM_KINDS)[number];

/**
 * One version of one item's prices on a rate card (docs/decisions/0249): never changed once written — an edit writes
 * the next version — so an invoice line keeps the `_id` it was billed at and can always read it back.
 */
export const rateCardPriceSchema = z.object({
  _id: z.uuid(),
  rateCardId: z.uuid(),
  itemKind: z.enum(RATE_CARD_ITEM_KINDS),
  code: z.string(),
  name: z.string(),
  normalMinor: minor,
  holidayMinor: minor,
  nightMinor: minor,
  processingFeeMinor: minor,
  currency: z.enum(CURRENCY_CODES),
  /** When this version took effect (the edit that wrote it). */
  validFrom: z.string(),
  /** This version takes the item off the card (no price from then on). */
  withdrawn: z.boolean(),
});
export type RateCardPrice = z.infer<typeof rateCardPriceSchema>;

/**
 * A rate card of the company (docs/decisions/0249): the default card of the centres it is assigned to, or a
 * referral's or a corporate client's card; valid from and to local dates of the centre; its current prices.
 */
export const rateCardSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** The referral (auth's referrals) whose visits it prices, or null. */
  referralId: z.uuid().nullable(),
  /** The corporate client it prices for, or null. */
  corporateClient: z.string().nullable(),
  /** 'YYYY-MM-DD', both included; validTo null: open. */
  validFrom: z.string(),
  validTo: z.string().nullable(),
  isActive: z.boolean(),
  /** The centres it is assigned to, of those the caller reaches. */
  centreIds: z.array(z.uuid()),
  /** The current version of each item's prices (withdrawn items left out). */
  prices: z.array(rateCardPriceSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RateCard = z.infer<typeof rateCardSchema>;

/** A rate card in a list: without its prices, with how many items it prices now. */
export const rateCardSummarySchema = rateCardSchema.omit({ prices: true }).extend({ priceCount: z.number().int() });
export type RateCardSummary = z.infer<typeof rateCardSummarySchema>;

/** A test a quoted line orders (a package's tests, or the test itself). */
export const quotedTestSchema = testRefSchema.omit({ _id: true });

/** One line of a quote: the price billed, the price row's version it came from, its tax and what it orders. */
export const quotedLineSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(RATE_CARD_ITEM_KINDS),
  priceKind: z.enum(PRICE_KINDS),
  unitMinor: minor,
  rateCardId: z.uuid(),
  rateCardPriceId: z.uuid(),
  processingFeeMinor: minor,
  tax: taxRuleSchema,
  tests: z.array(quotedTestSchema),
});

/**
 * The prices of a visit at a centre at an instant (docs/decisions/0249): `priceKind` is what the centre's calendar
 * says of the instant (holiday, night or normal; each line names the price it took), `timeZone` the clock it read.
 */
export const quoteSchema = z.object({
  priceKind: z.enum(PRICE_KINDS),
  timeZone: z.string(),
  lines: z.array(quotedLineSchema),
});

/** The exact amounts of a line or of all lines (invoice-totals.ts ExactAmounts), as an invoice line shows them. */
const exactAmountsSchema = invoiceLineSchema.pick({
  grossMinor: true,
  discountExact: true,
  taxableExact: true,
  cgstExact: true,
  sgstExact: true,
  igstExact: true,
  totalExact: true,
});
/** libs/contracts invoice-totals.ts' InvoiceTotals as a schema. */
export const invoiceTotalsSchema: z.ZodType<InvoiceTotals> = exactAmountsSchema.extend({
  currency: z.enum(CURRENCY_CODES),
  lines: z.array(exactAmountsSchema.extend({ lineId: z.string() })),
  totalMinor: z.number().int(),
  roundOffExact: z.string(),
});

/** `/price/preview`: the quote and its invoice totals (each line once, no discount). */
export const pricePreviewSchema = z.object({ quote: quoteSchema, totals: invoiceTotalsSchema });
export type PricePreview = z.infer<typeof pricePreviewSchema>;
export type QuotedTest = z.infer<typeof quotedTestSchema>;
export type QuotedLine = z.infer<typeof quotedLineSchema>;
export type Quote = z.infer<typeof quoteSchema>;
