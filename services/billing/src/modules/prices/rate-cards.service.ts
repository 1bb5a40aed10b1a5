import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  PRICE_MESSAGES,
  type BILLING_API,
  type BodyOf,
  type Page,
  type RateCard,
  type RateCardPrice,
  type RateCardPriceRowInput,
  type RateCardSummary,
} from '@rayworks/contracts';
import {
  companyOf,
  isUniqueViolation,
  UnitOfWork,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { PackagesRepository } from '../catalogue/packages.repository.js';
import { ReferralsRepository } from '../directory/referrals.repository.js';
import { TestsRepository } from '../catalogue/tests.repository.js';
import { PRICE_AUDIT_ACTIONS } from './prices-audit.js';
import type { RateCardEntity } from './rate-card.entity.js';
import { RateCardsRepository, type PriceVersion, type RateCardFields } from './rate-cards.repository.js';
import { ReachableCentres } from './reachable-centres.js';

/** A price row of a body with the id of the item it prices. */
type ResolvedRow = RateCardPriceRowInput & { testId: string | null; packageId: string | null };

const samePrices = (a: RateCardPrice, b: RateCardPriceRowInput['prices']): boolean =>
  a.normalMinor === b.normalMinor &&
  a.holidayMinor === b.holidayMinor &&
  a.nightMinor === b.nightMinor &&
  a.processingFeeMinor === b.processingFeeMinor;

/**
 * Rate cards (docs/decisions/0249): the company's cards, each the default of the centres it is assigned to or a
 * referral's or a corporate client's, valid between two local dates; at a centre no two active cards for the same
 * client meet in dates (409). Prices are versioned: an edit writes a new row for each changed item (and a withdrawn
 * row for an item taken off) and never changes a row, so an invoice line's price row stays readable by its id.
 */
@Injectable()
export class RateCardsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(RateCardsRepository) private readonly cards: RateCardsRepository,
    @Inject(TestsRepository) private readonly tests: TestsRepository,
    @Inject(PackagesRepository) private readonly packages: PackagesRepository,
    @Inject(ReachableCentres) private readonly centres: ReachableCentres,
    @Inject(ReferralsRepository) private readonly referrals: ReferralsRepository,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof BILLING_API.getRateCards>): Promise<Page<RateCardSummary>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.cards.list(tx, access, q);
      const ids = items.map((c) => c.id);
      const centres = await this.cards.centresInReach(tx, access, ids);
      const counts = await this.cards.priceCounts(tx, ids);
      return {
        items: items.map((card) => {
          const { prices: _prices, ...summary } = card.toRateCard(centres.get(card.id) ?? [], []);
          return { ...summary, priceCount: counts.get(card.id) ?? 0 };
        }),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    });
  }

  get(access: RequestAccess, id: string): Promise<RateCard> {
    return this.uow.read(access, async (tx) => {
      const card = await this.cards.find(tx, id);
      if (!card) throw new NotFoundException(PRICE_MESSAGES.rateCardNotFound);
      return this.view(tx, access, card);
    });
  }

  /** One price version, current or past (an invoice line's rateCardPriceId). */
  price(access: RequestAccess, id: string): Promise<RateCardPrice> {
    return this.uow.read(access, async (tx) => {
      const found = await this.cards.price(tx, id);
      if (!found) throw new NotFoundException(PRICE_MESSAGES.priceNotFound);
      return found;
    });
  }

  create(access: RequestAccess, body: BodyOf<typeof BILLING_API.createRateCard>): Promise<RateCard> {
    return this.uow.change(access, async (tx) => {
      const rows = await this.resolve(tx, body.prices);
      await this.knownReferral(tx, body.referralId);
      const tenantId = companyOf(access.principal);
      const id = await this.named(() => this.cards.insert(tx, { ...fieldsOf(body), tenantId }));
      await this.cards.insertPrices(
        tx,
        { tenantId, rateCardId: id, createdBy: access.principal.userId },
        rows.map((row) => versionOf(row, false)),
      );
      await tx.audit({
        action: PRICE_AUDIT_ACTIONS.rateCardCreate,
        target: { type: 'rate_card', id },
        details: { name: body.name, items: rows.map((r) => r.code) },
      });
      return this.view(tx, access, (await this.cards.find(tx, id))!);
    });
  }

  update(access: RequestAccess, body: BodyOf<typeof BILLING_API.updateRateCard>): Promise<RateCard> {
    return this.uow.change(access, async (tx) => {
      const card = await this.cards.find(tx, body.id, true);
      if (!card) throw new NotFoundException(PRICE_MESSAGES.rateCardNotFound);
      const rows = await this.resolve(tx, body.prices);
      await this.knownReferral(tx, body.referralId);
      const fields = fieldsOf(body);
      const isActive = body.isActive ?? card.isActive;
      if (isActive) await this.refuseOverlap(tx, card.id, await this.cards.allCentres(tx, card.id), fields);
      await this.named(() => this.cards.update(tx, card.id, { ...fields, isActive }));

      // a changed item gets its next version, an item left out a withdrawn one; unchanged rows stay as they are
      const current = new Map((await this.cards.pricesAt(tx, [card.id], null)).map((p) => [p.itemId, p.price]));
      const versions: PriceVersion[] = [];
      const changed: string[] = [];
      for (const row of rows) {
        const now = current.get((row.testId ?? row.packageId)!);
        if (!now || !samePrices(now, row.prices)) {
          versions.push(versionOf(row, false));
          changed.push(row.code);
        }
      }
      const kept = new Set(rows.map((row) => row.testId ?? row.packageId));
      const withdrawn = [...current.entries()].filter(([itemId]) => !kept.has(itemId));
      for (const [itemId, price] of withdrawn)
        versions.push({
          testId: price.itemKind === 'TEST' ? itemId : null,
          packageId: price.itemKind === 'PACKAGE' ? itemId : null,
          normalMinor: price.normalMinor,
          holidayMinor: price.holidayMinor,
          nightMinor: price.nightMinor,
          processingFeeMinor: price.processingFeeMinor,
          withdrawn: true,
        });
      await this.cards.insertPrices(
        tx,
        { tenantId: card.tenantId, rateCardId: card.id, createdBy: access.principal.userId },
        versions,
      );
      await tx.audit({
        action: PRICE_AUDIT_ACTIONS.rateCardUpdate,
        target: { type: 'rate_card', id: card.id },
        details: { ...fields, isActive, repriced: changed, withdrawn: withdrawn.map(([, p]) => p.code) },
      });
      return this.view(tx, access, (await this.cards.find(tx, card.id))!);
    });
  }

  /**
   * The centres (of those the caller reaches) the card is assigned to from now on: the ones listed gain it, the others
   * the caller reaches lose it; centres outside the caller's reach keep theirs. A centre not in reach: 404.
   */
  assign(access: RequestAccess, body: BodyOf<typeof BILLING_API.assignRateCard>): Promise<RateCard> {
    return this.uow.change(access, async (tx) => {
      const card = await this.cards.find(tx, body.rateCardId, true);
      if (!card) throw new NotFoundException(PRICE_MESSAGES.rateCardNotFound);
      const wanted = (await this.centres.all(tx, access, body.centreIds)).map((c) => c.id);
      const now = (await this.cards.centresInReach(tx, access, [card.id])).get(card.id) ?? [];
      const added = wanted.filter((id) => !now.includes(id));
      const removed = now.filter((id) => !wanted.includes(id));
      if (card.isActive) await this.refuseOverlap(tx, card.id, added, card);
      await this.cards.assign(tx, card.tenantId, card.id, added);
      await this.cards.unassign(tx, card.id, removed);
      await tx.audit({
        action: PRICE_AUDIT_ACTIONS.rateCardAssign,
        target: { type: 'rate_card', id: card.id },
        details: { added, removed },
      });
      return this.view(tx, access, card);
    });
  }

  private async view(tx: ReadTx, access: RequestAccess, card: RateCardEntity): Promise<RateCard> {
    const centres = (await this.cards.centresInReach(tx, access, [card.id])).get(card.id) ?? [];
    const prices = (await this.cards.pricesAt(tx, [card.id], null)).map((p) => p.price);
    return card.toRateCard(centres, prices);
  }

  /** 409 when another active card for the same client meets these dates at one of the centres (locked first). */
  private async refuseOverlap(
    tx: ChangeTx,
    cardId: string,
    centreIds: readonly string[],
    card: Pick<RateCardFields, 'referralId' | 'corporateClient' | 'validFrom' | 'validTo'>,
  ): Promise<void> {
    if (centreIds.length === 0) return;
    await this.cards.lockCentres(tx, centreIds);
    const clash = await this.cards.overlaps(tx, cardId, centreIds, card);
    if (clash.length > 0) throw new ConflictException(PRICE_MESSAGES.rateCardOverlap(clash));
  }

  /** A referral's card names one of the company's referrals (billing's read model of auth's): 404 otherwise. */
  private async knownReferral(tx: ReadTx, referralId: string | null): Promise<void> {
    if (referralId !== null && !(await this.referrals.referral(tx, referralId)))
      throw new NotFoundException(PRICE_MESSAGES.referralNotFound);
  }

  /** A card's name is the company's once: 409 otherwise. */
  private async named<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'rate_cards_name')) throw new ConflictException(PRICE_MESSAGES.rateCardNameTaken);
      throw error;
    }
  }

  /** Each row's test or package by code (any state); a code the catalogue does not hold: 400 naming it. */
  private async resolve(tx: ReadTx, rows: readonly RateCardPriceRowInput[]): Promise<ResolvedRow[]> {
    const codes = (kind: 'TEST' | 'PACKAGE') => rows.filter((r) => r.itemKind === kind).map((r) => r.code);
    const tests = new Map((await this.tests.byCodes(tx, codes('TEST'))).map((t) => [t.code, t.id]));
    const packages = new Map((await this.packages.byCodes(tx, codes('PACKAGE'))).map((p) => [p.code, p.id]));
    const resolved = rows.map((row) => ({
      ...row,
      testId: row.itemKind === 'TEST' ? (tests.get(row.code) ?? null) : null,
      packageId: row.itemKind === 'PACKAGE' ? (packages.get(row.code) ?? null) : null,
    }));
    const unknown = resolved.filter((r) => r.testId === null && r.packageId === null).map((r) => r.code);
    if (unknown.length > 0) throw new BadRequestException(`prices: ${PRICE_MESSAGES.unknownItems(unknown)}`);
    return resolved;
  }
}

const fieldsOf = (body: RateCardFields): RateCardFields => ({
  name: body.name,
  referralId: body.referralId,
  corporateClient: body.corporateClient,
  validFrom: body.validFrom,
  validTo: body.validTo,
});

const versionOf = (row: ResolvedRow, withdrawn: boolean): PriceVersion => ({
  testId: row.testId,
  packageId: row.packageId,
  ...row.prices,
  withdrawn,
});
