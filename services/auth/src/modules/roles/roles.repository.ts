import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ListQuery, PrivilegeGrants } from '@rayworks/contracts';
import type { RequestAccess } from '@rayworks/nest-kit';
import { containsPattern, limitOffset, one, orderBy, rows, SqlParams, type Row } from '../../database/sql.js';
import { ScopeSql } from '../access/scope-sql.js';
import type { OwnerScope } from '../access/owner-scope.js';

export interface RoleFields {
  name: string;
  roleCode: string;
  description: string | null;
  privileges: PrivilegeGrants;
}

const SORTABLE = { name: 'r.name', roleCode: 'r.role_code', createdAt: 'r.created_at' };

/** Roles: named sets of privileges per tenant, owned by the tenant (system roles), a group or a centre. */
@Injectable()
export class RolesRepository {
  async list(m: EntityManager, access: RequestAccess, q: ListQuery): Promise<{ items: Row[]; total: number }> {
    const p = new SqlParams();
    const where = [new ScopeSql(access, p).ownedReadable('r')];
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      where.push(`(r.name ILIKE ${s} OR r.role_code ILIKE ${s})`);
    }
    if (q.isActive !== undefined) where.push(`r.is_active = ${p.add(q.isActive)}`);
    const filter = `WHERE ${where.join(' AND ')}`;
    const [{ total }] = await rows<{ total: number }>(m, `SELECT count(*)::int AS total FROM roles r ${filter}`, p);
    const items = await rows(
      m,
      `SELECT r.* FROM roles r ${filter} ${orderBy(q, SORTABLE, 'name', 'r.id')} ${limitOffset(q, p)}`,
      p,
    );
    return { items, total };
  }

  async findReadable(m: EntityManager, access: RequestAccess, id: string): Promise<Row | null> {
    const p = new SqlParams();
    return one(
      m,
      `SELECT r.* FROM roles r WHERE r.id = ${p.add(id)} AND ${new ScopeSql(access, p).ownedReadable('r')}`,
      p,
    );
  }

  async isWritable(m: EntityManager, access: RequestAccess, id: string): Promise<boolean> {
    const p = new SqlParams();
    return (
      (await one(
        m,
        `SELECT 1 FROM roles r WHERE r.id = ${p.add(id)} AND ${new ScopeSql(access, p).ownedWritable('r')}`,
        p,
      )) !== null
    );
  }

  /** A role by id within the tenant, whatever the caller's reach (building a principal at login). */
  findById(m: EntityManager, id: string): Promise<Row | null> {
    return one(m, `SELECT * FROM roles WHERE id = $1`, [id]);
  }

  async insert(
    m: EntityManager,
    tenantId: string,
    fields: RoleFields,
    owner: OwnerScope,
    isSystem = false,
  ): Promise<string> {
    const [row] = await rows<{ id: string }>(
      m,
      `INSERT INTO roles (tenant_id, name, role_code, description, privileges, is_system, owner_group_id, owner_centre_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        tenantId,
        fields.name,
        fields.roleCode,
        fields.description,
        JSON.stringify(fields.privileges),
        isSystem,
        owner.ownerGroupId,
        owner.ownerCentreId,
      ],
    );
    return row!.id;
  }

  async update(m: EntityManager, id: string, fields: RoleFields): Promise<void> {
    await m.query(
      `UPDATE roles SET name = $2, role_code = $3, description = $4, privileges = $5, updated_at = now() WHERE id = $1`,
      [id, fields.name, fields.roleCode, fields.description, JSON.stringify(fields.privileges)],
    );
  }

  async setActive(m: EntityManager, id: string, isActive: boolean): Promise<void> {
    await m.query(`UPDATE roles SET is_active = $2, updated_at = now() WHERE id = $1`, [id, isActive]);
  }
}
