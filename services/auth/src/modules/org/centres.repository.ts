import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { z } from 'zod';
import type { centreInputSchema, ListQuery } from '@rayworks/contracts';
import { containsPattern, orderAndPage, QueryParams, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { ScopeSql } from '../access/scope-sql.js';
import { CentreEntity } from './centre.entity.js';

export type CentreInput = z.output<typeof centreInputSchema>;

/** Sortable list fields (contract names) → columns. */
export const CENTRE_SORT = {
  name: 'c.name',
  code: 'c.code',
  createdAt: 'c.createdAt',
  city: 'c.city',
  groupName: 'g.name',
} as const;

/** Centres, as far as the request reaches, on the unit of work's transaction. */
@Injectable()
export class CentresRepository {
  /** Centres in reach, with their group joined (for its name). */
  private query(tx: ReadTx, access: RequestAccess) {
    const p = new QueryParams();
    const scope = new ScopeSql(access, p);
    const qb = tx
      .repo(CentreEntity)
      .createQueryBuilder('c')
      .leftJoinAndSelect('c.group', 'g')
      .where(scope.centreRow('c'));
    return { qb, p };
  }

  async list(
    tx: ReadTx,
    access: RequestAccess,
    q: ListQuery & { groupID?: string },
  ): Promise<{ items: CentreEntity[]; total: number }> {
    const { qb, p } = this.query(tx, access);
    if (q.groupID) qb.andWhere(`c.group_id = ${p.add(q.groupID)}`);
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      qb.andWhere(`(c.name ILIKE ${s} OR c.code ILIKE ${s} OR c.city ILIKE ${s})`);
    }
    if (q.isActive !== undefined) qb.andWhere(`c.is_active = ${p.add(q.isActive)}`);
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, CENTRE_SORT, 'name', 'c.id').getManyAndCount();
    return { items, total };
  }

  async findVisible(tx: ReadTx, access: RequestAccess, id: string): Promise<CentreEntity | null> {
    const { qb, p } = this.query(tx, access);
    return qb
      .andWhere(`c.id = ${p.add(id)}`)
      .setParameters(p.values)
      .getOne();
  }

  /** The centres among `ids` the request reaches (with their group). */
  async findManyVisible(tx: ReadTx, access: RequestAccess, ids: readonly string[]): Promise<CentreEntity[]> {
    if (ids.length === 0) return [];
    const { qb, p } = this.query(tx, access);
    return qb
      .andWhere(`c.id = ANY(${p.add([...ids])}::uuid[])`)
      .setParameters(p.values)
      .getMany();
  }

  /** The active centres a user is assigned to. */
  async idsOfUser(tx: ReadTx, userId: string): Promise<string[]> {
    const found = await tx
      .repo(CentreEntity)
      .createQueryBuilder('c')
      .innerJoin('user_centres', 'x', 'x.centre_id = c.id')
      .where('x.user_id = :userId AND c.is_active', { userId })
      .orderBy('c.name')
      .addOrderBy('c.id')
      .getMany();
    return found.map((c) => c.id);
  }

  /** The names of centres, in the order of the ids. */
  async findNames(tx: ReadTx, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = await tx.repo(CentreEntity).find({ select: { id: true, name: true }, where: { id: In([...ids]) } });
    const byId = new Map(found.map((c) => [c.id, c.name]));
    return ids.map((id) => byId.get(id)).filter((n): n is string => n !== undefined);
  }

  /** Active centres of a group (a group-level user's centres). */
  async idsOfGroup(tx: ReadTx, groupId: string): Promise<string[]> {
    const found = await tx.repo(CentreEntity).find({
      select: { id: true },
      where: { groupId, isActive: true },
      order: { name: 'ASC', id: 'ASC' },
    });
    return found.map((c) => c.id);
  }

  async insert(tx: ReadTx, tenantId: string, input: CentreInput): Promise<string> {
    const result = await tx.repo(CentreEntity).insert({ tenantId, ...this.columns(input) });
    return (result.identifiers[0] as { id: string }).id;
  }

  async update(tx: ReadTx, id: string, input: CentreInput): Promise<void> {
    await tx.repo(CentreEntity).update({ id }, this.columns(input));
  }

  async setGroup(tx: ReadTx, id: string, groupId: string): Promise<void> {
    await tx.repo(CentreEntity).update({ id }, { groupId });
  }

  async setActive(tx: ReadTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(CentreEntity).update({ id }, { isActive });
  }

  private columns(input: CentreInput) {
    return {
      groupId: input.groupID,
      name: input.name,
      code: input.code,
      isFusion: input.isFusion,
      email: input.email ?? null,
      phoneNumber: input.phoneNumber ?? null,
      address: input.address ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
      pinCode: input.pinCode ?? null,
    };
  }

  /** One of the company's by its code, whatever the caller's reach (provisioning), or null. */
  byCode(tx: ReadTx, code: string): Promise<CentreEntity | null> {
    return tx.repo(CentreEntity).findOneBy({ code });
  }

  /** One of the company's by id, whatever the caller's reach (provisioning); throws when it is missing. */
  byIdOrFail(tx: ReadTx, id: string): Promise<CentreEntity> {
    return tx.repo(CentreEntity).findOneByOrFail({ id });
  }
}
