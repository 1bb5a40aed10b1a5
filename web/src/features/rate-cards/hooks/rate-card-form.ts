import {
  formatMoney,
  RATE_CARD_FIELDS,
  rateCardInputSchema,
  type RateCard,
  type RateCardPrice,
  type RateCardSummary,
} from '@rayworks/contracts';
import {
  minorUnitsToDecimal,
  requiredMessage,
  validateRateCardPrices,
  type RateCardPriceField,
} from '@rayworks/validation';
import type { z } from 'zod';
import { itemValue, type CatalogueItem } from '../../../shared/catalogue/catalogue-items';

/**
 * What the form sends: the typed text of every amount, which the contract reads into paise with libs/validation (its
 * parsed output holds the minor units, and is what the form checks before sending).
 */
export type RateCardBody = z.input<typeof rateCardInputSchema>;
export type CheckedRateCard = z.output<typeof rateCardInputSchema>;

/** Whose visits a card prices: the centres' own (default) card, a referral's, or a corporate client's. */
export const RATE_CARD_CLIENTS = [
  { value: 'centre', label: 'Centre default' },
  { value: 'referral', label: 'Referral' },
  { value: 'corporate', label: 'Corporate client' },
] as const;
export type RateCardClient = (typeof RATE_CARD_CLIENTS)[number]['value'];

/** One item's prices as typed: amounts are text, read into paise by libs/validation (never a float). */
export interface PriceRowValues extends CatalogueItem {
  price: string;
  holidayPrice: string;
  nightPrice: string;
  processingFee: string;
}

export interface RateCardValues extends Record<string, unknown> {
  name: string;
  validFrom: string;
  validTo: string;
  client: RateCardClient;
  referralId: string | null;
  corporateClient: string;
  prices: PriceRowValues[];
}

const text = (minor: number) => minorUnitsToDecimal(minor);

/** A price version as the row of the form (an edit starts from the card's current prices). */
export const priceRowOf = (p: RateCardPrice): PriceRowValues => ({
  kind: p.itemKind,
  code: p.code,
  name: p.name,
  price: text(p.normalMinor),
  holidayPrice: text(p.holidayMinor),
  nightPrice: text(p.nightMinor),
  processingFee: p.processingFeeMinor === 0 ? '' : text(p.processingFeeMinor),
});

/** A new row for an item picked from the catalogue: its prices still to type. */
export const newPriceRow = (item: CatalogueItem): PriceRowValues => ({
  ...item,
  price: '',
  holidayPrice: '',
  nightPrice: '',
  processingFee: '',
});

export function rateCardValues(card?: RateCard, today = ''): RateCardValues {
  return {
    name: card?.name ?? '',
    validFrom: card?.validFrom ?? today,
    validTo: card?.validTo ?? '',
    client: card?.referralId ? 'referral' : card?.corporateClient ? 'corporate' : 'centre',
    referralId: card?.referralId ?? null,
    corporateClient: card?.corporateClient ?? '',
    prices: (card?.prices ?? []).map(priceRowOf),
  };
}

/** The items the form prices (itemValue), so the picker does not offer them again. */
export const pricedItems = (rows: readonly PriceRowValues[]): Set<string> => new Set(rows.map(itemValue));

/** The form path of a row's field (Mantine's nested errors): 'prices.2.holidayPrice'. */
export const priceFieldPath = (index: number, field: RateCardPriceField): string => `prices.${index}.${field}`;

/** Label of the client choice's referral select. */
export const REFERRAL_LABEL = 'Referral';

/**
 * What the definitions cannot say, field path → message: each price row by libs/validation's rule (spec §5: 'Please
 * enter the amount', 'Please give valid inputs', '{Label} should be in Between 0 to 100000', 'Please give Processing
 * fee less than the actual price'), and the client chosen.
 */
export function rateCardExtraChecks(v: RateCardValues): Record<string, string | undefined> {
  const errors: Record<string, string | undefined> = {};
  v.prices.forEach((row, i) => {
    const checked = validateRateCardPrices(row);
    if (!checked.ok)
      for (const [field, message] of Object.entries(checked.errors))
        errors[priceFieldPath(i, field as RateCardPriceField)] = message;
  });
  if (v.client === 'referral' && !v.referralId) errors.referralId = requiredMessage(REFERRAL_LABEL);
  if (v.client === 'corporate' && v.corporateClient.trim() === '')
    errors.corporateClient = requiredMessage(RATE_CARD_FIELDS.corporateClient.label);
  return errors;
}

/** The values as the contract's body: amounts stay the typed text (the contract reads them with libs/validation). */
export function rateCardBody(v: RateCardValues): RateCardBody {
  return {
    name: v.name.trim(),
    validFrom: v.validFrom,
    validTo: v.validTo === '' ? null : v.validTo,
    referralId: v.client === 'referral' ? v.referralId : null,
    corporateClient: v.client === 'corporate' ? v.corporateClient.trim() : null,
    prices: v.prices.map((row) => ({
      ...(row.kind === 'TEST' ? { testCode: row.code } : { packageCode: row.code }),
      price: row.price.trim(),
      holidayPrice: row.holidayPrice.trim(),
      nightPrice: row.nightPrice.trim(),
      processingFee: row.processingFee.trim(),
    })),
  };
}

/** An amount of paise as the screens show it: '₹1,500.00'. */
export const rupees = (minor: number): string => formatMoney({ amountMinor: minor, currency: 'INR' });

/** Whose visits a card prices, as a list and a view show it. */
export function clientLabel(
  card: Pick<RateCardSummary, 'referralId' | 'corporateClient'>,
  referralName?: string | null,
): string {
  if (card.referralId) return `Referral: ${referralName ?? 'referral'}`;
  if (card.corporateClient) return `Corporate: ${card.corporateClient}`;
  return 'Centre default';
}

/** A card's validity: '01 Apr 2026 – 31 Mar 2027', or 'from 01 Apr 2026' when open. */
export function validityLabel(card: Pick<RateCard, 'validFrom' | 'validTo'>, day: (d: string) => string): string {
  return card.validTo ? `${day(card.validFrom)} – ${day(card.validTo)}` : `from ${day(card.validFrom)}`;
}
