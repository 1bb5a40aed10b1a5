import {
  EXEMPT_TAX,
  isNightMinute,
  localDateTime,
  priceAt,
  type BillingInstant,
  type CentreCalendar,
  type PriceKind,
  type Quote,
  type QuotedLine,
  type QuotedTest,
  type RateCardItemKind,
  type TaxRule,
} from '@rayworks/contracts';

/**
 * The pure rules of pricing a visit (docs/decisions/0249, 0250), apart from what reads them from the database
 * (QuoteService): which kind of day an instant is, which card's price a line takes, its tax, a role's discount limit.
 */

/** What the centre's calendar says of an instant: a holiday (its local date), else night (its window), else normal. */
export function calendarKindAt(at: BillingInstant, calendar: CentreCalendar): PriceKind {
  const local = localDateTime(at, calendar.timeZone);
  if (calendar.holidays.includes(local.date)) return 'holiday';
  if (calendar.nightWindow !== null && isNightMinute(local.minuteOfDay, calendar.nightWindow)) return 'night';
  return 'normal';
}

/** A centre's tax settings (centre_settings). */
export interface CentreTax {
  /** The centre's GST state code, or null when not given. */
  taxStateCode: string | null;
  taxRateBasisPoints: number;
}

/**
 * An item's tax: exempt unless the item is taxable (diagnostic services are exempt by default); a taxable item is an
 * intra-state supply (CGST + SGST) at the centre's rate, or inter-state (IGST) when the recipient's state code is known
 * and is not the centre's.
 */
export function taxRuleOf(taxable: boolean, tax: CentreTax, recipientStateCode: string | null = null): TaxRule {
  if (!taxable) return EXEMPT_TAX;
  const interState =
    recipientStateCode !== null && tax.taxStateCode !== null && recipientStateCode !== tax.taxStateCode;
  return { kind: interState ? 'interState' : 'intraState', rateBasisPoints: tax.taxRateBasisPoints };
}

/** The largest line discount (basis points) a caller of these roles may give at the centre unapproved; none: 0. */
export function discountLimitOf(limits: Readonly<Record<string, number | undefined>>, roleCodes: readonly string[]) {
  return Math.max(0, ...roleCodes.map((role) => limits[role.toUpperCase()] ?? 0));
}

/** An item of the visit, found in the catalogue: a test (its own test) or a package (its tests). */
export interface CatalogueItem {
  kind: RateCardItemKind;
  /** The test's or package's id: what price rows name. */
  id: string;
  code: string;
  name: string;
  taxable: boolean;
  tests: QuotedTest[];
}

/** A price row in force at the instant on one of the candidate cards. */
export interface CandidatePrice {
  rateCardId: string;
  rateCardPriceId: string;
  itemId: string;
  normalMinor: number;
  holidayMinor: number;
  nightMinor: number;
  processingFeeMinor: number;
}

/** No card of the centre prices an item at the instant. */
export class NoPriceError extends Error {
  override readonly name = 'NoPriceError';
  constructor(readonly code: string) {
    super(`no price for ${code}`);
  }
}

/**
 * The quote of a visit: each item priced by the first of `cardIds` (in preference: the referral's card, then the
 * centre's default card) that prices it, at the price `priceAt` takes on the centre's calendar; the line keeps the
 * price row's id. An item no card prices is a NoPriceError naming its code.
 */
export function quoteOf(
  items: readonly CatalogueItem[],
  cardIds: readonly string[],
  prices: readonly CandidatePrice[],
  at: BillingInstant,
  calendar: CentreCalendar,
  tax: CentreTax,
): Quote {
  const byCardAndItem = new Map(prices.map((p) => [`${p.rateCardId}:${p.itemId}`, p]));
  const lines = items.map((item): QuotedLine => {
    const row = cardIds.map((card) => byCardAndItem.get(`${card}:${item.id}`)).find((p) => p !== undefined);
    if (!row) throw new NoPriceError(item.code);
    const price = priceAt(
      { normalMinor: row.normalMinor, holidayMinor: row.holidayMinor, nightMinor: row.nightMinor },
      at,
      calendar,
    );
    return {
      code: item.code,
      name: item.name,
      kind: item.kind,
      priceKind: price.kind,
      unitMinor: price.amountMinor,
      rateCardId: row.rateCardId,
      rateCardPriceId: row.rateCardPriceId,
      processingFeeMinor: row.processingFeeMinor,
      tax: taxRuleOf(item.taxable, tax),
      tests: item.tests,
    };
  });
  return { priceKind: calendarKindAt(at, calendar), timeZone: calendar.timeZone, lines };
}
