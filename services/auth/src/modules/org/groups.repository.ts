import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { groupInputSchema, ListQuery } from '@rayworks/contracts';
import {
  containsPattern,
  orderAndPage,
  QueryParams,
  typedRows,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { ScopeSql } from '../access/scope-sql.js';
import { GroupEntity } from './group.entity.js';

export type GroupInput = z.output<typeof groupInputSchema>;

/** Sortable list fields (contract names) → columns. */
export const GROUP_SORT = { name: 'g.name', code: 'g.code', createdAt: 'g.createdAt', city: 'g.city' } as const;

const groupIdCountRow = z.object({ groupId: z.string(), count: z.number().int() });

/** Groups, as far as the request reaches, on the unit of work's transaction. */
@Injectable()
export class GroupsRepository {
  /** Groups in reach. */
  private query(tx: ReadTx, access: RequestAccess) {
    const p = new QueryParams('g');
    const scope = new ScopeSql(access, p);
    return { qb: tx.repo(GroupEntity).createQueryBuilder('g').where(scope.groupId('g.id')), p };
  }

  /** Sets each group's count of the centres the request reaches. */
  private async withCentreCounts(tx: ReadTx, access: RequestAccess, groups: GroupEntity[]): Promise<GroupEntity[]> {
    if (groups.length === 0) return groups;
    const p = new QueryParams();
    const scope = new ScopeSql(access, p);
    const counts = await typedRows(
      tx.manager,
      groupIdCountRow,
      `SELECT c.group_id AS "groupId", count(*)::int AS count FROM centres c
       WHERE c.group_id = ANY(${p.add(groups.map((g) => g.id))}::uuid[]) AND ${scope.centreRow('c')} GROUP BY c.group_id`,
      p,
    );
    const byGroup = new Map(counts.map((c) => [c.groupId, c.count]));
    for (const group of groups) group.centreCount = byGroup.get(group.id) ?? 0;
    return groups;
  }

  async list(tx: ReadTx, access: RequestAccess, q: ListQuery): Promise<{ items: GroupEntity[]; total: number }> {
    const { qb, p } = this.query(tx, access);
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      qb.andWhere(`(g.name ILIKE ${s} OR g.code ILIKE ${s} OR g.city ILIKE ${s})`);
    }
    if (q.isActive !== undefined) qb.andWhere(`g.is_active = ${p.add(q.isActive)}`);
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, GROUP_SORT, 'name', 'g.id').getManyAndCount();
    return { items: await this.withCentreCounts(tx, access, items), total };
  }

  async findVisible(tx: ReadTx, access: RequestAccess, id: string): Promise<GroupEntity | null> {
    const { qb, p } = this.query(tx, access);
    const group = await qb
      .andWhere(`g.id = ${p.add(id)}`)
      .setParameters(p.values)
      .getOne();
    return group && (await this.withCentreCounts(tx, access, [group]))[0]!;
  }

  async insert(tx: ReadTx, tenantId: string, input: GroupInput): Promise<string> {
    const result = await tx.repo(GroupEntity).insert({ tenantId, ...this.columns(input) });
    return (result.identifiers[0] as { id: string }).id;
  }

  async update(tx: ReadTx, id: string, input: GroupInput): Promise<void> {
    await tx.repo(GroupEntity).update({ id }, this.columns(input));
  }

  async setActive(tx: ReadTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(GroupEntity).update({ id }, { isActive });
  }

  private columns(input: GroupInput) {
    return {
      name: input.name,
      code: input.code,
      isFusion: input.isFusion,
      email: input.email ?? null,
      phoneNumber: input.phoneNumber ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
    };
  }

  /** One of the company's by its code, whatever the caller's reach (provisioning), or null. */
  byCode(tx: ReadTx, code: string): Promise<GroupEntity | null> {
    return tx.repo(GroupEntity).findOneBy({ code });
  }

  /** One of the company's by id, whatever the caller's reach (provisioning); throws when it is missing. */
  byIdOrFail(tx: ReadTx, id: string): Promise<GroupEntity> {
    return tx.repo(GroupEntity).findOneByOrFail({ id });
  }
}
