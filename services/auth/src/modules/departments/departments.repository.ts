import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ListQuery } from '@rayworks/contracts';
import type { RequestAccess } from '@rayworks/nest-kit';
import { containsPattern, limitOffset, one, orderBy, rows, SqlParams, type Row } from '../../database/sql.js';
import type { OwnerScope } from '../access/owner-scope.js';
import { ScopeSql } from '../access/scope-sql.js';

const SELECT = `SELECT d.*, COALESCE((
    SELECT json_agg(json_build_object('_id', s.id, 'subDepartmentName', s.name, 'subDepartmentCode', s.code, 'isActive', s.is_active) ORDER BY s.name, s.id)
      FROM sub_departments s WHERE s.department_id = d.id), '[]'::json) AS subs
  FROM departments d`;
const SORTABLE = { name: 'd.name', code: 'd.code', createdAt: 'd.created_at' };

/** Departments and their sub-departments: owner-scoped reference data. */
@Injectable()
export class DepartmentsRepository {
  async list(m: EntityManager, access: RequestAccess, q: ListQuery): Promise<{ items: Row[]; total: number }> {
    const p = new SqlParams();
    const where = [new ScopeSql(access, p).ownedReadable('d')];
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      where.push(
        `(d.name ILIKE ${s} OR d.code ILIKE ${s} OR EXISTS (SELECT 1 FROM sub_departments s WHERE s.department_id = d.id AND (s.name ILIKE ${s} OR s.code ILIKE ${s})))`,
      );
    }
    if (q.isActive !== undefined) where.push(`d.is_active = ${p.add(q.isActive)}`);
    const filter = `WHERE ${where.join(' AND ')}`;
    const [{ total }] = await rows<{ total: number }>(
      m,
      `SELECT count(*)::int AS total FROM departments d ${filter}`,
      p,
    );
    const items = await rows(m, `${SELECT} ${filter} ${orderBy(q, SORTABLE, 'name', 'd.id')} ${limitOffset(q, p)}`, p);
    return { items, total };
  }

  findReadable(m: EntityManager, access: RequestAccess, id: string): Promise<Row | null> {
    const p = new SqlParams();
    return one(m, `${SELECT} WHERE d.id = ${p.add(id)} AND ${new ScopeSql(access, p).ownedReadable('d')}`, p);
  }

  async isWritable(m: EntityManager, access: RequestAccess, id: string): Promise<boolean> {
    const p = new SqlParams();
    return (
      (await one(
        m,
        `SELECT 1 FROM departments d WHERE d.id = ${p.add(id)} AND ${new ScopeSql(access, p).ownedWritable('d')}`,
        p,
      )) !== null
    );
  }

  async insert(
    m: EntityManager,
    tenantId: string,
    input: { name: string; code: string },
    owner: OwnerScope,
  ): Promise<string> {
    const [row] = await rows<{ id: string }>(
      m,
      `INSERT INTO departments (tenant_id, name, code, owner_group_id, owner_centre_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [tenantId, input.name, input.code, owner.ownerGroupId, owner.ownerCentreId],
    );
    return row!.id;
  }

  async update(m: EntityManager, id: string, input: { name: string; code: string }): Promise<void> {
    await m.query(`UPDATE departments SET name = $2, code = $3, updated_at = now() WHERE id = $1`, [
      id,
      input.name,
      input.code,
    ]);
  }

  async setActive(m: EntityManager, id: string, isActive: boolean): Promise<void> {
    await m.query(`UPDATE departments SET is_active = $2, updated_at = now() WHERE id = $1`, [id, isActive]);
  }

  async insertSub(
    m: EntityManager,
    tenantId: string,
    departmentId: string,
    input: { name: string; code: string },
  ): Promise<void> {
    await m.query(`INSERT INTO sub_departments (tenant_id, department_id, name, code) VALUES ($1, $2, $3, $4)`, [
      tenantId,
      departmentId,
      input.name,
      input.code,
    ]);
  }
}
