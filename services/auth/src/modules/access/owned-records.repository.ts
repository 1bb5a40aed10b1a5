import type { EntityTarget, SelectQueryBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { ListQuery } from '@rayworks/contracts';
import {
  containsPattern,
  orderAndPage,
  QueryParams,
  type OwnerScopedRecord,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { ScopeSql } from './scope-sql.js';

/** How a module lists its owner-scoped records: the SQL its search matches (on the alias), its sortable columns. */
export interface OwnedListing {
  /** The condition a search text matches, given the text's parameter (e.g. `(r.name ILIKE ${s})`). */
  search: (pattern: string) => string;
  sort: Readonly<Record<string, string>>;
  defaultSort: string;
}

/**
 * The queries every owner-scoped record shares — a record of the whole company, one group or one centre (roles,
 * referrals, departments): the page of them the caller may read, one the caller may read, whether the caller may
 * change it (owned at their level or below: ScopeSql.ownedWritable) and its Active switch. A module's repository
 * extends it with its entity, alias and listing, and adds what is its own.
 */
export abstract class OwnedRecordsRepository<E extends OwnerScopedRecord> {
  protected constructor(
    private readonly entity: EntityTarget<E>,
    private readonly alias: string,
    private readonly listing: OwnedListing,
  ) {}

  private query(tx: ReadTx, access: RequestAccess, which: 'ownedReadable' | 'ownedWritable') {
    const p = new QueryParams();
    const qb: SelectQueryBuilder<E> = tx
      .repo(this.entity)
      .createQueryBuilder(this.alias)
      .where(new ScopeSql(access, p)[which](this.alias));
    return { qb, p };
  }

  /** A page of the records the caller may read: searched, filtered by Active, sorted by the contract's names. */
  async list(tx: ReadTx, access: RequestAccess, q: ListQuery): Promise<{ items: E[]; total: number }> {
    const { qb, p } = this.query(tx, access, 'ownedReadable');
    if (q.search) qb.andWhere(this.listing.search(p.add(containsPattern(q.search))));
    if (q.isActive !== undefined) qb.andWhere(`${this.alias}.is_active = ${p.add(q.isActive)}`);
    qb.setParameters(p.values);
    const { sort, defaultSort } = this.listing;
    const [items, total] = await orderAndPage(qb, q, sort, defaultSort, `${this.alias}.id`).getManyAndCount();
    return { items, total };
  }

  /** The record if the caller may read it, or null (another owner's, another company's, or missing: the same). */
  findReadable(tx: ReadTx, access: RequestAccess, id: string): Promise<E | null> {
    const { qb, p } = this.query(tx, access, 'ownedReadable');
    return qb
      .andWhere(`${this.alias}.id = ${p.add(id)}`)
      .setParameters(p.values)
      .getOne();
  }

  /** Whether the caller may change the record: readable, and owned at the caller's level or below. */
  async isWritable(tx: ReadTx, access: RequestAccess, id: string): Promise<boolean> {
    const { qb, p } = this.query(tx, access, 'ownedWritable');
    return (
      (await qb
        .andWhere(`${this.alias}.id = ${p.add(id)}`)
        .setParameters(p.values)
        .getCount()) > 0
    );
  }

  async setActive(tx: ReadTx, id: string, isActive: boolean): Promise<void> {
    // E's isActive, known to TypeORM's partial type only once E is a concrete entity
    await tx.repo(this.entity).update(id, { isActive } as unknown as QueryDeepPartialEntity<E>);
  }
}
