import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { normalizeRoleCode, type ListQuery } from '@rayworks/contracts';
import {
  containsPattern,
  QueryParams,
  typedRows,
  type ReadTx,
  type RequestAccess,
  type SortMap,
} from '@rayworks/nest-kit';
import { ScopeSql } from '../access/scope-sql.js';
import { UserCentreEntity, UserEntity } from './user.entity.js';
import { USER_VIEW_SELECT, userViewRow, type UserView } from './user.view.js';

export interface UserFields {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  roleId: string;
  /** Stored for group-level users only; a centre user's group is its centres'. */
  groupId: string | null;
  centreIds: readonly string[];
}

/** Sortable list fields (contract names) → columns. */
export const USER_SORT = {
  name: `u.first_name || ' ' || u.last_name`,
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  loginName: 'u.login_name',
  email: 'u.email',
  roleName: 'r.name',
  createdAt: 'u.created_at',
  lastLoginAt: 'u.last_login_at',
} as const satisfies SortMap;

export type UserListQuery = ListQuery & { roleCode?: string; centerID?: string };

const totalRow = z.object({ total: z.number().int() });
/** Users, as far as the request reaches, on the unit of work's transaction. */
@Injectable()
export class UsersRepository {
  async list(tx: ReadTx, access: RequestAccess, q: UserListQuery): Promise<{ items: UserView[]; total: number }> {
    const p = new QueryParams();
    const where = [new ScopeSql(access, p).user('u')];
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      where.push(
        `(u.first_name || ' ' || u.last_name ILIKE ${s} OR u.login_name ILIKE ${s} OR u.email ILIKE ${s} OR u.phone_number ILIKE ${s})`,
      );
    }
    if (q.roleCode) where.push(`r.role_code = ${p.add(normalizeRoleCode(q.roleCode) ?? q.roleCode)}`);
    if (q.centerID)
      where.push(`EXISTS (SELECT 1 FROM user_centres f WHERE f.user_id = u.id AND f.centre_id = ${p.add(q.centerID)})`);
    if (q.isActive !== undefined) where.push(`u.is_active = ${p.add(q.isActive)}`);
    const filter = `WHERE ${where.join(' AND ')}`;
    const [counted] = await typedRows(
      tx.manager,
      totalRow,
      `SELECT count(*)::int AS total FROM users u JOIN roles r ON r.id = u.role_id ${filter}`,
      p,
    );
    const column =
      q.sortBy !== undefined && Object.hasOwn(USER_SORT, q.sortBy)
        ? USER_SORT[q.sortBy as keyof typeof USER_SORT]
        : USER_SORT.name;
    const dir = q.sortDir === 'desc' ? 'DESC' : 'ASC';
    const items = await typedRows(
      tx.manager,
      userViewRow,
      `${USER_VIEW_SELECT} ${filter} ORDER BY ${column} ${dir} NULLS LAST, u.id ${dir}
       LIMIT ${p.add(q.pageSize)} OFFSET ${p.add((q.page - 1) * q.pageSize)}`,
      p,
    );
    return { items, total: counted!.total };
  }

  async findVisible(tx: ReadTx, access: RequestAccess, id: string): Promise<UserView | null> {
    const p = new QueryParams();
    const [found] = await typedRows(
      tx.manager,
      userViewRow,
      `${USER_VIEW_SELECT} WHERE u.id = ${p.add(id)} AND ${new ScopeSql(access, p).user('u')}`,
      p,
    );
    return found ?? null;
  }

  async isWritable(tx: ReadTx, access: RequestAccess, id: string): Promise<boolean> {
    const p = new QueryParams();
    const found = await tx
      .repo(UserEntity)
      .createQueryBuilder('u')
      .where(`u.id = ${p.add(id)} AND ${new ScopeSql(access, p).userWritable('u')}`)
      .setParameters(p.values)
      .getCount();
    return found > 0;
  }

  /** A user of the tenant by id, whatever the caller's reach (login, own profile, availability). */
  async view(tx: ReadTx, id: string): Promise<UserView | null> {
    const [found] = await typedRows(tx.manager, userViewRow, `${USER_VIEW_SELECT} WHERE u.id = :id`, { id });
    return found ?? null;
  }

  async insert(
    tx: ReadTx,
    tenantId: string,
    loginName: string,
    fields: UserFields,
    resetPassword = true,
  ): Promise<string> {
    const { centreIds, ...columns } = fields;
    const result = await tx.repo(UserEntity).insert({ tenantId, loginName, ...columns, resetPassword });
    const id = (result.identifiers[0] as { id: string }).id;
    await this.setCentres(tx, tenantId, id, centreIds);
    return id;
  }

  async update(tx: ReadTx, tenantId: string, id: string, fields: UserFields): Promise<void> {
    const { centreIds, ...columns } = fields;
    await tx.repo(UserEntity).update({ id }, columns);
    await this.setCentres(tx, tenantId, id, centreIds);
  }

  /** An inactive user is not available either. */
  async setActive(tx: ReadTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(UserEntity).update({ id }, isActive ? { isActive } : { isActive, isAvailability: false });
  }

  async setAvailability(tx: ReadTx, id: string, isAvailability: boolean): Promise<void> {
    await tx.repo(UserEntity).update({ id }, { isAvailability });
  }

  async setResetPassword(tx: ReadTx, id: string, resetPassword: boolean): Promise<void> {
    await tx.repo(UserEntity).update({ id }, { resetPassword });
  }

  /** The login time, without touching updated_at (a login is not an edit of the user). */
  async touchLogin(tx: ReadTx, id: string): Promise<void> {
    await tx.manager.query(`UPDATE users SET last_login_at = now() WHERE id = $1`, [id]);
  }

  async setProfile(
    tx: ReadTx,
    id: string,
    fields: {
      specialization?: string[];
      qualificationName?: string | null;
      signatureFileId?: string;
      logoFileId?: string;
    },
  ): Promise<void> {
    const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length === 0) return;
    await tx.repo(UserEntity).update({ id }, changes as Partial<UserEntity>);
  }

  private async setCentres(tx: ReadTx, tenantId: string, userId: string, centreIds: readonly string[]): Promise<void> {
    await tx.repo(UserCentreEntity).delete({ userId });
    if (centreIds.length > 0)
      await tx.repo(UserCentreEntity).insert(centreIds.map((centreId) => ({ tenantId, userId, centreId })));
  }

  /** A user of the unit of work's company by id, whatever the caller's reach (the mail job), or null. */
  byId(tx: ReadTx, id: string): Promise<UserEntity | null> {
    return tx.repo(UserEntity).findOneBy({ id });
  }

  /** The ids of every user of the unit of work's company (row-level security: that company's only). */
  async idsOfCompany(tx: ReadTx): Promise<string[]> {
    return (await tx.repo(UserEntity).find({ select: { id: true } })).map((u) => u.id);
  }
}
