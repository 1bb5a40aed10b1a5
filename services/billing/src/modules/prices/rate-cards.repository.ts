import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { z } from 'zod';
import { RATE_CARD_ITEM_KINDS, type BILLING_API, type BodyOf, type RateCardPrice } from '@rayworks/contracts';
import {
  centreReachSql,
  containsPattern,
  orderAndPage,
  QueryParams,
  typedRows,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { RateCardCentreEntity } from './rate-card-centre.entity.js';
import { RateCardPriceEntity } from './rate-card-price.entity.js';
import { RateCardEntity } from './rate-card.entity.js';

/** Sortable list fields (contract names) → columns. */
export const RATE_CARD_SORT = { name: 'r.name', validFrom: 'r.validFrom', createdAt: 'r.createdAt' } as const;

/** What a card's form sets. */
export interface RateCardFields {
  name: string;
  referralId: string | null;
  corporateClient: string | null;
  validFrom: string;
  validTo: string | null;
}

/** A new version of one item's prices (test or package by id). */
export interface PriceVersion {
  testId: string | null;
  packageId: string | null;
  normalMinor: number;
  holidayMinor: number;
  nightMinor: number;
  processingFeeMinor: number;
  withdrawn: boolean;
}

/** The item a price row prices: a test or a package, by id. */
export const itemIdOf = (row: { testId: string | null; packageId: string | null }): string =>
  (row.testId ?? row.packageId)!;

const priceRow = z.object({
  id: z.uuid(),
  rate_card_id: z.uuid(),
  test_id: z.uuid().nullable(),
  package_id: z.uuid().nullable(),
  item_kind: z.enum(RATE_CARD_ITEM_KINDS),
  code: z.string(),
  name: z.string(),
  normal_minor: z.coerce.number().int(),
  holiday_minor: z.coerce.number().int(),
  night_minor: z.coerce.number().int(),
  processing_fee_minor: z.coerce.number().int(),
  currency: z.literal('INR'),
  valid_from: z.date(),
  withdrawn: z.boolean(),
});
type PriceRow = z.infer<typeof priceRow>;

/** A price version as read: the contract's view and the item's id. */
export interface ReadPrice {
  price: RateCardPrice;
  itemId: string;
}

const readPrice = (r: PriceRow): ReadPrice => ({
  itemId: (r.test_id ?? r.package_id)!,
  price: {
    _id: r.id,
    rateCardId: r.rate_card_id,
    itemKind: r.item_kind,
    code: r.code,
    name: r.name,
    normalMinor: r.normal_minor,
    holidayMinor: r.holiday_minor,
    nightMinor: r.night_minor,
    processingFeeMinor: r.processing_fee_minor,
    currency: r.currency,
    validFrom: r.valid_from.toISOString(),
    withdrawn: r.withdrawn,
  },
});

const PRICE_COLUMNS = `
  p.id, p.rate_card_id, p.test_id, p.package_id,
  CASE WHEN p.test_id IS NULL THEN 'PACKAGE' ELSE 'TEST' END AS item_kind,
  COALESCE(t.code, k.code) AS code, COALESCE(t.name, k.name) AS name,
  p.normal_minor, p.holiday_minor, p.night_minor, p.processing_fee_minor, p.currency, p.valid_from, p.withdrawn`;
const PRICE_JOINS = `
  LEFT JOIN billing.tests t ON t.id = p.test_id
  LEFT JOIN billing.packages k ON k.id = p.package_id`;

const rateCardIdCentreIdRow = z.object({ rate_card_id: z.uuid(), centre_id: z.uuid() });
const codeRow = z.object({ code: z.string() });
const idReferralIdRow = z.object({ id: z.uuid(), referral_id: z.uuid().nullable() });

/**
 * billing.rate_cards, their assignments (billing.rate_card_centres, read within the caller's centre reach) and their
 * price versions (billing.rate_card_prices, only ever inserted), under row-level security.
 */
@Injectable()
export class RateCardsRepository {
  async list(
    tx: ReadTx,
    access: RequestAccess,
    q: BodyOf<typeof BILLING_API.getRateCards>,
  ): Promise<{ items: RateCardEntity[]; total: number }> {
    const p = new QueryParams();
    const qb = tx.repo(RateCardEntity).createQueryBuilder('r');
    if (q.search) qb.andWhere(`r.name ILIKE ${p.add(containsPattern(q.search))}`);
    if (q.referralId) qb.andWhere(`r.referral_id = ${p.add(q.referralId)}`);
    if (q.isActive !== undefined) qb.andWhere(`r.is_active = ${p.add(q.isActive)}`);
    if (q.centreId)
      qb.andWhere(
        `EXISTS (SELECT 1 FROM billing.rate_card_centres a JOIN billing.centres c ON c.id = a.centre_id
                 WHERE a.rate_card_id = r.id AND a.centre_id = ${p.add(q.centreId)}
                   AND ${centreReachSql(access, p, { centre: 'c.id', group: 'c.group_id' })})`,
      );
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, RATE_CARD_SORT, 'name', 'r.id').getManyAndCount();
    return { items, total };
  }

  find(tx: ReadTx, id: string, lock = false): Promise<RateCardEntity | null> {
    const qb = tx.repo(RateCardEntity).createQueryBuilder('r').where('r.id = :id', { id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** Each card's centres, of those the caller reaches (an assignment elsewhere is not the caller's to see). */
  async centresInReach(tx: ReadTx, access: RequestAccess, cardIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(cardIds.map((id) => [id, []]));
    if (cardIds.length === 0) return out;
    const p = new QueryParams();
    const rows = await typedRows(
      tx.manager,
      rateCardIdCentreIdRow,
      `SELECT a.rate_card_id, a.centre_id FROM billing.rate_card_centres a JOIN billing.centres c ON c.id = a.centre_id
       WHERE a.rate_card_id = ANY(${p.add([...cardIds])}::uuid[])
         AND ${centreReachSql(access, p, { centre: 'c.id', group: 'c.group_id' })}
       ORDER BY c.code`,
      p,
    );
    for (const row of rows) out.get(row.rate_card_id)?.push(row.centre_id);
    return out;
  }

  /** Every centre the card is assigned to, in or out of the caller's reach. */
  async allCentres(tx: ReadTx, cardId: string): Promise<string[]> {
    const rows = await tx.repo(RateCardCentreEntity).find({ where: { rateCardId: cardId } });
    return rows.map((r) => r.centreId);
  }

  /**
   * Serialises the changes of these centres' card assignments (an assignment, or a card's dates or client): two at
   * once cannot both miss each other's overlap. Locks in one order, so two never wait on each other.
   */
  async lockCentres(tx: ChangeTx, centreIds: readonly string[]): Promise<void> {
    for (const id of [...new Set(centreIds)].sort())
      await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('billing.rate_card_centres:' || $1, 0))`, [
        id,
      ]);
  }

  /**
   * The codes of the centres (of `centreIds`) where another active card for the same client (the default, the same
   * referral or the same corporate client) is assigned with validity dates that meet these.
   */
  async overlaps(
    tx: ReadTx,
    cardId: string,
    centreIds: readonly string[],
    card: Pick<RateCardFields, 'referralId' | 'corporateClient' | 'validFrom' | 'validTo'>,
  ): Promise<string[]> {
    if (centreIds.length === 0) return [];
    const rows = await typedRows(
      tx.manager,
      codeRow,
      `SELECT DISTINCT c.code FROM billing.rate_card_centres a
         JOIN billing.rate_cards r ON r.id = a.rate_card_id
         JOIN billing.centres c ON c.id = a.centre_id
       WHERE a.centre_id = ANY(:centreIds::uuid[]) AND r.id <> :cardId AND r.is_active
         AND r.referral_id IS NOT DISTINCT FROM :referralId::uuid
         AND r.corporate_client IS NOT DISTINCT FROM :corporateClient::text
         AND r.valid_from <= COALESCE(:validTo::date, 'infinity'::date)
         AND COALESCE(r.valid_to, 'infinity'::date) >= :validFrom::date
       ORDER BY c.code`,
      {
        centreIds: [...centreIds],
        cardId,
        referralId: card.referralId,
        corporateClient: card.corporateClient,
        validFrom: card.validFrom,
        validTo: card.validTo,
      },
    );
    return rows.map((r) => r.code);
  }

  /**
   * The cards' price rows in force at an instant (null: the latest, as written in this transaction too), one per
   * item (the latest version then), withdrawn ones left out.
   */
  async pricesAt(
    tx: ReadTx,
    cardIds: readonly string[],
    at: Date | null,
    itemIds?: readonly string[],
  ): Promise<ReadPrice[]> {
    if (cardIds.length === 0) return [];
    const rows = await typedRows(
      tx.manager,
      priceRow,
      `SELECT * FROM (
         SELECT DISTINCT ON (p.rate_card_id, COALESCE(p.test_id, p.package_id)) ${PRICE_COLUMNS}
         FROM billing.rate_card_prices p ${PRICE_JOINS}
         WHERE p.rate_card_id = ANY(:cardIds::uuid[]) ${at ? 'AND p.valid_from <= :at' : ''}
           ${itemIds ? 'AND COALESCE(p.test_id, p.package_id) = ANY(:itemIds::uuid[])' : ''}
         ORDER BY p.rate_card_id, COALESCE(p.test_id, p.package_id), p.valid_from DESC
       ) v WHERE NOT v.withdrawn
       ORDER BY v.rate_card_id, v.item_kind DESC, v.code`,
      { cardIds: [...cardIds], at, itemIds: itemIds ? [...itemIds] : [] },
    );
    return rows.map(readPrice);
  }

  /** One price version by id, current or past (an invoice line's rateCardPriceId), or null. */
  async price(tx: ReadTx, id: string): Promise<RateCardPrice | null> {
    const [row] = await typedRows(
      tx.manager,
      priceRow,
      `SELECT ${PRICE_COLUMNS} FROM billing.rate_card_prices p ${PRICE_JOINS} WHERE p.id = :id`,
      { id },
    );
    return row ? readPrice(row).price : null;
  }

  /**
   * The active cards assigned to the centre and valid on its local date that may price a visit: the referral's (when
   * one is named) and the default ones, the referral's first, then the latest validity.
   */
  async cardsAt(
    tx: ReadTx,
    centreId: string,
    referralId: string | null,
    localDate: string,
  ): Promise<{ id: string; referralId: string | null }[]> {
    const rows = await typedRows(
      tx.manager,
      idReferralIdRow,
      `SELECT r.id, r.referral_id FROM billing.rate_cards r
         JOIN billing.rate_card_centres a ON a.rate_card_id = r.id
       WHERE a.centre_id = :centreId AND r.is_active AND r.corporate_client IS NULL
         AND r.valid_from <= :localDate::date AND (r.valid_to IS NULL OR r.valid_to >= :localDate::date)
         AND (r.referral_id IS NULL OR r.referral_id = :referralId::uuid)
       ORDER BY (r.referral_id IS NULL), r.valid_from DESC, r.created_at DESC`,
      { centreId, referralId, localDate },
    );
    return rows.map((r) => ({ id: r.id, referralId: r.referral_id }));
  }

  async insert(tx: ChangeTx, row: RateCardFields & { tenantId: string }): Promise<string> {
    const result = await tx.repo(RateCardEntity).insert({ ...row, isActive: true });
    return (result.identifiers[0] as { id: string }).id;
  }

  async update(tx: ChangeTx, id: string, fields: RateCardFields & { isActive: boolean }): Promise<void> {
    await tx.repo(RateCardEntity).update({ id }, fields);
  }

  /** New versions of items' prices, in force from this transaction's time. */
  async insertPrices(
    tx: ChangeTx,
    ids: { tenantId: string; rateCardId: string; createdBy: string },
    versions: readonly PriceVersion[],
  ): Promise<void> {
    if (versions.length === 0) return;
    await tx.repo(RateCardPriceEntity).insert(versions.map((v) => ({ ...ids, ...v, currency: 'INR' as const })));
  }

  async assign(tx: ChangeTx, tenantId: string, rateCardId: string, centreIds: readonly string[]): Promise<void> {
    if (centreIds.length === 0) return;
    await tx.repo(RateCardCentreEntity).insert(centreIds.map((centreId) => ({ tenantId, rateCardId, centreId })));
  }

  async unassign(tx: ChangeTx, rateCardId: string, centreIds: readonly string[]): Promise<void> {
    if (centreIds.length === 0) return;
    await tx.repo(RateCardCentreEntity).delete({ rateCardId, centreId: In([...centreIds]) });
  }

  /** How many items each card prices now. */
  async priceCounts(tx: ReadTx, cardIds: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>(cardIds.map((id) => [id, 0]));
    for (const { price } of await this.pricesAt(tx, cardIds, null))
      out.set(price.rateCardId, (out.get(price.rateCardId) ?? 0) + 1);
    return out;
  }
}
