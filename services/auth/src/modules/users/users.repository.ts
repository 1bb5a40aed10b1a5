import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { normalizeRoleCode, type ListQuery } from '@rayworks/contracts';
import type { RequestAccess } from '@rayworks/nest-kit';
import { containsPattern, execute, limitOffset, one, orderBy, rows, SqlParams, type Row } from '../../database/sql.js';
import { ScopeSql } from '../access/scope-sql.js';

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

/** A user with its role, centres, effective group and lock state: everything the API shows. */
const SELECT = `
  SELECT u.*, r.name AS role_name, r.role_code, r.privileges AS role_privileges, r.is_active AS role_active,
         uc.centre_ids, uc.centre_names, COALESCE(u.group_id, uc.centre_group_id) AS effective_group_id, g.name AS group_name,
         cr.locked_until, cr.failed_count, (cr.locked_until IS NOT NULL AND cr.locked_until > now()) AS is_blocked
    FROM users u
    JOIN roles r ON r.id = u.role_id
    LEFT JOIN credentials cr ON cr.user_id = u.id
    LEFT JOIN LATERAL (
      SELECT COALESCE(array_agg(c.id::text ORDER BY c.name, c.id), '{}') AS centre_ids,
             COALESCE(array_agg(c.name ORDER BY c.name, c.id), '{}') AS centre_names,
             (array_agg(c.group_id::text ORDER BY c.name, c.id) FILTER (WHERE c.group_id IS NOT NULL))[1]::uuid AS centre_group_id
        FROM user_centres x JOIN centres c ON c.id = x.centre_id WHERE x.user_id = u.id
    ) uc ON TRUE
    LEFT JOIN groups g ON g.id = COALESCE(u.group_id, uc.centre_group_id)`;

const SORTABLE = {
  name: `u.first_name || ' ' || u.last_name`,
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  loginName: 'u.login_name',
  email: 'u.email',
  roleName: 'r.name',
  createdAt: 'u.created_at',
  lastLoginAt: 'u.last_login_at',
};

export type UserListQuery = ListQuery & { roleCode?: string; centerID?: string };

/** Users, as far as the request reaches. */
@Injectable()
export class UsersRepository {
  async list(m: EntityManager, access: RequestAccess, q: UserListQuery): Promise<{ items: Row[]; total: number }> {
    const p = new SqlParams();
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
    const [{ total }] = await rows<{ total: number }>(
      m,
      `SELECT count(*)::int AS total FROM users u JOIN roles r ON r.id = u.role_id ${filter}`,
      p,
    );
    const items = await rows(m, `${SELECT} ${filter} ${orderBy(q, SORTABLE, 'name', 'u.id')} ${limitOffset(q, p)}`, p);
    return { items, total };
  }

  async findVisible(m: EntityManager, access: RequestAccess, id: string): Promise<Row | null> {
    const p = new SqlParams();
    return one(m, `${SELECT} WHERE u.id = ${p.add(id)} AND ${new ScopeSql(access, p).user('u')}`, p);
  }

  async isWritable(m: EntityManager, access: RequestAccess, id: string): Promise<boolean> {
    const p = new SqlParams();
    return (
      (await one(
        m,
        `SELECT 1 FROM users u WHERE u.id = ${p.add(id)} AND ${new ScopeSql(access, p).userWritable('u')}`,
        p,
      )) !== null
    );
  }

  /** A user of the tenant by id, whatever the caller's reach (login, own profile, availability). */
  findById(m: EntityManager, id: string): Promise<Row | null> {
    return one(m, `${SELECT} WHERE u.id = $1`, [id]);
  }

  async insert(
    m: EntityManager,
    tenantId: string,
    loginName: string,
    fields: UserFields,
    resetPassword = true,
  ): Promise<string> {
    const [row] = await rows<{ id: string }>(
      m,
      `INSERT INTO users (tenant_id, login_name, first_name, last_name, email, phone_number, role_id, group_id, reset_password)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        tenantId,
        loginName,
        fields.firstName,
        fields.lastName,
        fields.email,
        fields.phoneNumber,
        fields.roleId,
        fields.groupId,
        resetPassword,
      ],
    );
    await this.setCentres(m, tenantId, row!.id, fields.centreIds);
    return row!.id;
  }

  async update(m: EntityManager, tenantId: string, id: string, fields: UserFields): Promise<void> {
    await m.query(
      `UPDATE users SET first_name = $2, last_name = $3, email = $4, phone_number = $5, role_id = $6, group_id = $7, updated_at = now() WHERE id = $1`,
      [id, fields.firstName, fields.lastName, fields.email, fields.phoneNumber, fields.roleId, fields.groupId],
    );
    await this.setCentres(m, tenantId, id, fields.centreIds);
  }

  async setActive(m: EntityManager, id: string, isActive: boolean): Promise<void> {
    await m.query(
      `UPDATE users SET is_active = $2, is_availability = CASE WHEN $2 THEN is_availability ELSE false END, updated_at = now() WHERE id = $1`,
      [id, isActive],
    );
  }

  async setAvailability(m: EntityManager, id: string, isAvailability: boolean): Promise<void> {
    await m.query(`UPDATE users SET is_availability = $2, updated_at = now() WHERE id = $1`, [id, isAvailability]);
  }

  async setResetPassword(m: EntityManager, id: string, resetPassword: boolean): Promise<void> {
    await m.query(`UPDATE users SET reset_password = $2, updated_at = now() WHERE id = $1`, [id, resetPassword]);
  }

  async touchLogin(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE users SET last_login_at = now() WHERE id = $1`, [id]);
  }

  async setProfile(
    m: EntityManager,
    id: string,
    fields: {
      specialization?: string[];
      qualificationName?: string | null;
      signatureFileId?: string;
      logoFileId?: string;
    },
  ): Promise<void> {
    const p = new SqlParams();
    const sets: string[] = [];
    if (fields.specialization !== undefined) sets.push(`specialization = ${p.add(fields.specialization)}::text[]`);
    if (fields.qualificationName !== undefined) sets.push(`qualification_name = ${p.add(fields.qualificationName)}`);
    if (fields.signatureFileId !== undefined) sets.push(`signature_file_id = ${p.add(fields.signatureFileId)}`);
    if (fields.logoFileId !== undefined) sets.push(`logo_file_id = ${p.add(fields.logoFileId)}`);
    if (sets.length === 0) return;
    await execute(m, `UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = ${p.add(id)}`, p);
  }

  private async setCentres(
    m: EntityManager,
    tenantId: string,
    userId: string,
    centreIds: readonly string[],
  ): Promise<void> {
    await m.query(`DELETE FROM user_centres WHERE user_id = $1`, [userId]);
    if (centreIds.length > 0) {
      await m.query(`INSERT INTO user_centres (tenant_id, user_id, centre_id) SELECT $1, $2, unnest($3::uuid[])`, [
        tenantId,
        userId,
        centreIds,
      ]);
    }
  }
}
