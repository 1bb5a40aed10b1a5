import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  BillingCalendarError,
  invoiceTotals,
  PRICE_MESSAGES,
  type BILLING_API,
  type BodyOf,
  type PricePreview,
  type Quote,
  type QuotedTest,
} from '@rayworks/contracts';
import { UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { PackagesRepository } from '../catalogue/packages.repository.js';
import type { TestEntity } from '../catalogue/test.entity.js';
import { TestsRepository } from '../catalogue/tests.repository.js';
import type { KnownCentre } from '../directory/centres.repository.js';
import { BillingSettingsService } from './billing-settings.service.js';
import { NoPriceError, quoteOf, type CatalogueItem } from './price-rules.js';
import { RateCardsRepository } from './rate-cards.repository.js';
import { ReachableCentres } from './reachable-centres.js';

export type { PriceKind, Quote, QuotedLine, QuotedTest, TaxRule } from '@rayworks/contracts';

/** An item of a visit: a test or a package, by its catalogue code. */
export type QuoteItem = { testCode: string } | { packageCode: string };

/** What a visit asks prices for: the centre, the referral (its card wins where it prices an item), items, the instant. */
export interface QuoteRequest {
  centreId: string;
  referralId: string | null;
  items: QuoteItem[];
  at: Date;
}

/** A quote with the centre it was priced at (checked: active, in the caller's reach) and that centre's time zone. */
export interface Priced {
  quote: Quote;
  centre: KnownCentre;
  timeZone: string;
}

/**
 * The price of a visit (docs/decisions/0249): the centre (in the caller's reach), its calendar at the instant (time
 * zone, holidays, night window: libs/contracts priceAt), the rate cards assigned to it and valid on its local date —
 * the referral's card where it prices an item, else the centre's default card — and each item's price row in force at
 * the instant. Every line names the price row's version it was priced at (an invoice line keeps it). Used by the
 * registration's unit of work (PricesModule exports it) and by `/price/preview`.
 */
@Injectable()
export class QuoteService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(ReachableCentres) private readonly centres: ReachableCentres,
    @Inject(BillingSettingsService) private readonly settings: BillingSettingsService,
    @Inject(TestsRepository) private readonly tests: TestsRepository,
    @Inject(PackagesRepository) private readonly packages: PackagesRepository,
    @Inject(RateCardsRepository) private readonly cards: RateCardsRepository,
  ) {}

  /** throws NotFoundException (centre not in reach / unknown code) or BadRequestException (no price for a code) */
  async quote(tx: ReadTx, access: RequestAccess, req: QuoteRequest): Promise<Quote> {
    return (await this.priced(tx, access, req)).quote;
  }

  /**
   * The quote, and what it read to price it that the registration's unit of work needs again (the centre, its time
   * zone): read once. Throws as `quote` does.
   */
  async priced(tx: ReadTx, access: RequestAccess, req: QuoteRequest): Promise<Priced> {
    const centre = await this.centres.one(tx, access, req.centreId);
    const items = await this.catalogueItems(tx, req.items);
    try {
      const clock = await this.settings.clockAt(tx, centre, req.at);
      const cardIds = (await this.cards.cardsAt(tx, centre.id, req.referralId, clock.localDate)).map((c) => c.id);
      const prices = await this.cards.pricesAt(
        tx,
        cardIds,
        req.at,
        items.map((i) => i.id),
      );
      const quote = quoteOf(
        items,
        cardIds,
        prices.map(({ price, itemId }) => ({
          rateCardId: price.rateCardId,
          rateCardPriceId: price._id,
          itemId,
          normalMinor: price.normalMinor,
          holidayMinor: price.holidayMinor,
          nightMinor: price.nightMinor,
          processingFeeMinor: price.processingFeeMinor,
        })),
        req.at,
        clock.calendar,
        clock.tax,
      );
      return { quote, centre, timeZone: clock.calendar.timeZone };
    } catch (error) {
      if (error instanceof NoPriceError) throw new BadRequestException(PRICE_MESSAGES.noPrice(error.code));
      if (error instanceof BillingCalendarError) throw new BadRequestException(error.message);
      throw error;
    }
  }

  /** `/price/preview`: the quote and its invoice totals (each line once, no discount), as the desk shows them. */
  preview(access: RequestAccess, body: BodyOf<typeof BILLING_API.previewPrice>): Promise<PricePreview> {
    const at = body.at ? new Date(body.at) : new Date();
    return this.uow.read(access, async (tx) => {
      const quote = await this.quote(tx, access, { ...body, at });
      const totals = invoiceTotals(
        quote.lines.map((line) => ({ lineId: line.code, priceMinor: line.unitMinor, quantity: 1, tax: line.tax })),
      );
      return { quote, totals };
    });
  }

  /** The tests and packages asked for, active, in the order asked; an unknown code: 404 naming it. */
  private async catalogueItems(tx: ReadTx, asked: readonly QuoteItem[]): Promise<CatalogueItem[]> {
    const codeOf = (item: QuoteItem) => ('testCode' in item ? item.testCode : item.packageCode).toUpperCase();
    const testCodes = asked.filter((i) => 'testCode' in i).map(codeOf);
    const packageCodes = asked.filter((i) => 'packageCode' in i).map(codeOf);
    const tests = new Map((await this.tests.byCodes(tx, testCodes)).filter((t) => t.isActive).map((t) => [t.code, t]));
    const packages = new Map(
      (await this.packages.byCodes(tx, packageCodes)).filter((p) => p.isActive).map((p) => [p.code, p]),
    );
    const bundled = await this.packages.testsOf(
      tx,
      [...packages.values()].map((p) => p.id),
    );
    return asked.map((item): CatalogueItem => {
      if ('testCode' in item) {
        const test = tests.get(codeOf(item));
        if (!test) throw new NotFoundException(PRICE_MESSAGES.unknownCode(item.testCode));
        return {
          kind: 'TEST',
          id: test.id,
          code: test.code,
          name: test.name,
          taxable: test.taxable,
          tests: [quoted(test)],
        };
      }
      const found = packages.get(codeOf(item));
      if (!found) throw new NotFoundException(PRICE_MESSAGES.unknownCode(item.packageCode));
      return {
        kind: 'PACKAGE',
        id: found.id,
        code: found.code,
        name: found.name,
        taxable: found.taxable,
        tests: (bundled.get(found.id) ?? []).map(quoted),
      };
    });
  }
}

/** A test as a quoted line names it. */
const quoted = (test: TestEntity): QuotedTest => {
  const { _id: _id, ...ref } = test.toRef();
  return ref;
};
