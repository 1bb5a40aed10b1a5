import { z } from 'zod';
import {
  BASIS_POINTS_MAX,
  INVALID_INPUTS_MESSAGE,
  validateRateCardPrices,
  type RateCardPricesMinor,
} from '@rayworks/validation';
import { GENERIC, requirement, SPECIFIC } from '../access/privileges.js';
import { ALL_ROLE_CODES } from '../access/roles.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { formBody } from '../auth/forms.js';
import { byId, eachOnce, formText, invalid, uuid } from '../auth/endpoint-fields.js';
import { catalogueCode } from './catalogue-endpoints.js';
import { DEFAULT_CENTRE_TIME_ZONE, localDateTime } from './local-time.js';
import {
  centreBillingSettingsSchema,
  holidaySchema,
  pricePreviewSchema,
  rateCardPriceSchema,
  rateCardSchema,
  rateCardSummarySchema,
  type RateCardItemKind,
} from './prices-entities.js';
import { HOLIDAY_FIELDS, RATE_CARD_FIELDS } from './prices-forms.js';

const { VIEW, EDIT, CREATE } = GENERIC;
const { HOLIDAY_CALENDAR_VIEW, HOLIDAY_CALENDAR_EDIT, RATE_CARD_VIEW, RATE_CARD_ADD, RATE_CARD_EDIT } = SPECIFIC;

const isoDate = z.iso.date(invalid);
const hhmm = z.string(invalid).regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, invalid);
const basisPoints = z.number(invalid).int(invalid).min(0, invalid).max(BASIS_POINTS_MAX, invalid);

/** An IANA time zone the platform's clock reads (Intl), e.g. 'Asia/Kolkata'. */
export const ianaTimeZone = z.string(invalid).refine(
  (zone) => {
    try {
      localDateTime(0, zone);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'Time Zone is not valid' },
);

const centreBody = z.object({ centreId: uuid });

const settingsBody = z
  .object({
    centreId: uuid,
    timeZone: ianaTimeZone.default(DEFAULT_CENTRE_TIME_ZONE),
    nightWindow: z
      .object({ start: hhmm, end: hhmm })
      .refine((w) => w.start !== w.end, { error: 'The night window cannot end where it starts', path: ['end'] })
      .nullable()
      .default(null),
    taxStateCode: z
      .string(invalid)
      .regex(/^[0-9]{2}$/, { error: 'Tax State Code should be 2 digits' })
      .nullable()
      .default(null),
    taxRateBasisPoints: basisPoints.default(1800),
    discountLimits: z
      .array(z.object({ roleCode: z.enum(ALL_ROLE_CODES, invalid), limitBasisPoints: basisPoints }), invalid)
      .max(ALL_ROLE_CODES.length, invalid)
      .default([]),
  })
  .strict()
  .superRefine((s, ctx) => {
    const roles = s.discountLimits.map((l) => l.roleCode);
    if (new Set(roles).size !== roles.length)
      ctx.addIssue({ code: 'custom', path: ['discountLimits'], message: 'A role is listed twice' });
  });

const holidayBody = formBody(
  HOLIDAY_FIELDS,
  z.object({
    centreIds: z.array(uuid, invalid).min(1, invalid).max(500, invalid),
    date: isoDate,
    name: formText,
  }),
);

/** An amount as typed: text (or a number); read into minor units by libs/validation, never a float. */
const typedAmount = z.union([z.string(), z.number()], invalid).nullable().optional();

/** One item's prices as the form sends them. */
const priceRowInput = z.object({
  testCode: catalogueCode.optional(),
  packageCode: catalogueCode.optional(),
  price: typedAmount,
  holidayPrice: typedAmount,
  nightPrice: typedAmount,
  processingFee: typedAmount,
});

/** A price row of a rate card body, read: the item it prices and its prices in minor units. */
export interface RateCardPriceRowInput {
  itemKind: RateCardItemKind;
  code: string;
  prices: RateCardPricesMinor;
}

/**
 * A price row: exactly one of testCode / packageCode, and the prices checked by libs/validation (spec §5: each of
 * price, holiday and night price 'should be in Between 0 to 100000', 'Please give Processing fee less than the actual
 * price'; every field's problem under its own name).
 */
const priceRow = priceRowInput.transform((row, ctx): RateCardPriceRowInput => {
  const code = row.testCode ?? row.packageCode;
  if (code === undefined || (row.testCode !== undefined && row.packageCode !== undefined))
    ctx.addIssue({ code: 'custom', path: ['testCode'], message: 'Give a test code or a package code' });
  const checked = validateRateCardPrices({
    price: row.price,
    holidayPrice: row.holidayPrice,
    nightPrice: row.nightPrice,
    processingFee: row.processingFee,
  });
  if (!checked.ok)
    for (const [field, message] of Object.entries(checked.errors))
      ctx.addIssue({ code: 'custom', path: [field], message });
  if (code === undefined || !checked.ok) return z.NEVER;
  return { itemKind: row.testCode !== undefined ? 'TEST' : 'PACKAGE', code, prices: checked.prices };
});

const rateCardFields = z.object({
  name: formText,
  referralId: uuid.nullable().default(null),
  corporateClient: formText
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  validFrom: isoDate,
  validTo: isoDate.nullable().default(null),
  /** Every item the card prices (an edit sends them all: a changed row is a new version, a missing one withdrawn). */
  prices: z.array(priceRow, invalid).max(2000, invalid).default([]),
});

/** A rate card prices each test or package once: `<code> is priced twice`. */
const pricedOnce = eachOnce<{ itemKind: string; code: string }>(
  (row) => `${row.itemKind}:${row.code}`,
  (key) => `${key.slice(key.indexOf(':') + 1)} is priced twice`,
);

function rateCardRules(card: z.infer<typeof rateCardFields>, ctx: z.RefinementCtx): void {
  if (card.validTo !== null && card.validTo < card.validFrom)
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'Valid To cannot be before Valid From' });
  if (card.referralId !== null && card.corporateClient !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['corporateClient'],
      message: 'A rate card is for a referral or a corporate client, not both',
    });
  pricedOnce(card.prices, ctx, ['prices']);
}

export const rateCardInputSchema = formBody(RATE_CARD_FIELDS, rateCardFields).superRefine(rateCardRules);
const rateCardUpdateSchema = formBody(
  RATE_CARD_FIELDS,
  rateCardFields.extend({ id: uuid, isActive: z.boolean(invalid).optional() }),
).superRefine(rateCardRules);

/** What a quote or preview asks: a test or a package by code. */
export const quoteItemSchema = z.union([
  z.object({ testCode: catalogueCode }).strict(),
  z.object({ packageCode: catalogueCode }).strict(),
]);

const previewBody = z.object({
  centreId: uuid,
  referralId: uuid.nullable().default(null),
  items: z.array(quoteItemSchema, invalid).min(1, { error: 'Please select at least one Test' }).max(100, invalid),
  /** The instant priced (ISO 8601 with an offset); now when absent. */
  at: z.iso.datetime({ offset: true, error: INVALID_INPUTS_MESSAGE }).optional(),
});

/**
 * Prices (docs/decisions/0249, 0250): a centre's billing settings and holiday calendar (`/holiday_calendar/*`), rate
 * cards (`/create/ratecard`, `/get/ratecards`, `/assign/ratecard`, spec §7) with versioned prices, and the price
 * preview the registration desk shows. A centre outside the caller's reach is a 404, like a missing one.
 */
export const PRICES_ENDPOINTS = {
  getBillingSettings: ep({
    method: 'POST',
    path: '/centre/billing-settings/get',
    access: requirement('FINANCE', VIEW, EDIT, HOLIDAY_CALENDAR_VIEW, HOLIDAY_CALENDAR_EDIT),
    body: centreBody,
    data: centreBillingSettingsSchema,
    errors: [404],
  }),
  updateBillingSettings: ep({
    method: 'POST',
    path: '/centre/billing-settings/update',
    access: requirement('FINANCE', EDIT),
    body: settingsBody,
    data: centreBillingSettingsSchema,
    errors: [404],
  }),
  findHolidays: ep({
    method: 'POST',
    path: '/holiday_calendar/find',
    access: requirement('FINANCE', HOLIDAY_CALENDAR_VIEW, HOLIDAY_CALENDAR_EDIT),
    body: listQuery({
      sortBy: ['date', 'name', 'createdAt'],
      filters: { centreId: uuid.optional(), from: isoDate.optional(), to: isoDate.optional() },
    }),
    data: page(holidaySchema),
  }),
  createHoliday: ep({
    method: 'POST',
    path: '/holiday_calendar/create',
    access: requirement('FINANCE', HOLIDAY_CALENDAR_EDIT),
    body: holidayBody,
    data: z.object({ holidays: z.array(holidaySchema) }),
    // 404: a centre outside the caller's reach; 409: one of the centres has a holiday on that date already
    errors: [404, 409],
  }),
  deleteHoliday: ep({
    method: 'POST',
    path: '/holiday_calendar/delete',
    access: requirement('FINANCE', HOLIDAY_CALENDAR_EDIT),
    body: byId,
    data: holidaySchema,
    errors: [404],
  }),
  getRateCards: ep({
    method: 'POST',
    path: '/get/ratecards',
    access: requirement('RATE_CARDS', RATE_CARD_VIEW),
    body: listQuery({
      sortBy: ['name', 'validFrom', 'createdAt'],
      filters: { centreId: uuid.optional(), referralId: uuid.optional() },
    }),
    data: page(rateCardSummarySchema),
  }),
  getRateCard: ep({
    method: 'POST',
    path: '/get/ratecard',
    access: requirement('RATE_CARDS', RATE_CARD_VIEW),
    body: byId,
    data: rateCardSchema,
    errors: [404],
  }),
  createRateCard: ep({
    method: 'POST',
    path: '/create/ratecard',
    access: requirement('RATE_CARDS', RATE_CARD_ADD),
    body: rateCardInputSchema,
    data: rateCardSchema,
    // 400: a price row names a code the catalogue does not hold; 404: the referral is not the company's;
    // 409: the name is the company's already
    errors: [404, 409],
  }),
  updateRateCard: ep({
    method: 'POST',
    path: '/update/ratecard',
    access: requirement('RATE_CARDS', RATE_CARD_EDIT),
    body: rateCardUpdateSchema,
    data: rateCardSchema,
    // 404: the card, or the referral, is not the company's; 409: the name is taken, or the new dates or client
    // overlap another card at one of its centres
    errors: [404, 409],
  }),
  assignRateCard: ep({
    method: 'POST',
    path: '/assign/ratecard',
    access: requirement('RATE_CARDS', SPECIFIC.RATE_CARD_ASSIGN),
    // the centres (of those the caller reaches) the card is assigned to from now on; others keep theirs
    body: z.object({ rateCardId: uuid, centreIds: z.array(uuid, invalid).max(500, invalid) }),
    data: rateCardSchema,
    // 404: the card, or a centre outside the caller's reach; 409: another card for the same client overlaps there
    errors: [404, 409],
  }),
  getRateCardPrice: ep({
    method: 'POST',
    path: '/ratecard/price/get',
    access: requirement('RATE_CARDS', RATE_CARD_VIEW),
    // any version, current or past: an invoice line's rateCardPriceId
    body: byId,
    data: rateCardPriceSchema,
    errors: [404],
  }),
  previewPrice: ep({
    method: 'POST',
    path: '/price/preview',
    access: requirement('BILLING', VIEW, CREATE),
    body: previewBody,
    data: pricePreviewSchema,
    // 400: no rate card of the centre prices an item then; 404: the centre, or an unknown code
    errors: [404],
  }),
};
