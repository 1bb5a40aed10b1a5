import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { BILLING_API, BodyOf } from '@rayworks/contracts';
import {
  centreReachSql,
  containsPattern,
  orderAndPage,
  QueryParams,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { HolidayEntity } from './holiday.entity.js';

/** Sortable list fields (contract names) → columns. */
export const HOLIDAY_SORT = { date: 'h.date', name: 'h.name', createdAt: 'h.createdAt' } as const;

/** billing.holidays under row-level security, narrowed to the caller's centres (through billing.centres). */
@Injectable()
export class HolidaysRepository {
  private inReach(tx: ReadTx, access: RequestAccess) {
    const p = new QueryParams();
    const reach = centreReachSql(access, p, { centre: 'c.id', group: 'c.group_id' });
    const qb = tx
      .repo(HolidayEntity)
      .createQueryBuilder('h')
      .where(`EXISTS (SELECT 1 FROM billing.centres c WHERE c.id = h.centre_id AND ${reach})`);
    return { qb, p };
  }

  async list(
    tx: ReadTx,
    access: RequestAccess,
    q: BodyOf<typeof BILLING_API.findHolidays>,
  ): Promise<{ items: HolidayEntity[]; total: number }> {
    const { qb, p } = this.inReach(tx, access);
    if (q.centreId) qb.andWhere(`h.centre_id = ${p.add(q.centreId)}`);
    if (q.from) qb.andWhere(`h.local_date >= ${p.add(q.from)}::date`);
    if (q.to) qb.andWhere(`h.local_date <= ${p.add(q.to)}::date`);
    if (q.search) qb.andWhere(`h.name ILIKE ${p.add(containsPattern(q.search))}`);
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, HOLIDAY_SORT, 'date', 'h.id').getManyAndCount();
    return { items, total };
  }

  /** The holiday if the caller reaches its centre, or null. */
  findReadable(tx: ReadTx, access: RequestAccess, id: string): Promise<HolidayEntity | null> {
    const { qb, p } = this.inReach(tx, access);
    return qb
      .andWhere(`h.id = ${p.add(id)}`)
      .setParameters(p.values)
      .getOne();
  }

  /** The centre's holidays on these local dates (the calendar of an instant). */
  async datesAt(tx: ReadTx, centreId: string, dates: readonly string[]): Promise<string[]> {
    const found = await tx.repo(HolidayEntity).find({ where: { centreId, date: In([...dates]) } });
    return found.map((h) => h.date);
  }

  /** Of these centres, those that have a holiday on the date. */
  async taken(tx: ReadTx, centreIds: readonly string[], date: string): Promise<string[]> {
    const found = await tx.repo(HolidayEntity).find({ where: { centreId: In([...centreIds]), date } });
    return found.map((h) => h.centreId);
  }

  async insert(
    tx: ChangeTx,
    rows: readonly { tenantId: string; centreId: string; date: string; name: string }[],
  ): Promise<string[]> {
    const result = await tx.repo(HolidayEntity).insert([...rows]);
    return result.identifiers.map((i) => (i as { id: string }).id);
  }

  byIds(tx: ReadTx, ids: readonly string[]): Promise<HolidayEntity[]> {
    return tx.repo(HolidayEntity).find({ where: { id: In([...ids]) }, order: { centreId: 'ASC' } });
  }

  async delete(tx: ChangeTx, id: string): Promise<void> {
    await tx.repo(HolidayEntity).delete({ id });
  }
}
