import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { EntityManager } from 'typeorm';
import type { groupInputSchema, ListQuery } from '@rayworks/contracts';
import type { RequestAccess } from '@rayworks/nest-kit';
import { containsPattern, limitOffset, one, orderBy, rows, SqlParams, type Row } from '../../database/sql.js';
import { ScopeSql } from '../access/scope-sql.js';

export type GroupInput = z.output<typeof groupInputSchema>;

const SORTABLE = { name: 'g.name', code: 'g.code', createdAt: 'g.created_at', city: 'g.city' };

/** Groups, as far as the request reaches. */
@Injectable()
export class GroupsRepository {
  private select(scope: ScopeSql): string {
    return `SELECT g.*, (SELECT count(*)::int FROM centres c WHERE c.group_id = g.id AND ${scope.centreRow('c')}) AS centre_count FROM groups g`;
  }

  async list(m: EntityManager, access: RequestAccess, q: ListQuery): Promise<{ items: Row[]; total: number }> {
    const p = new SqlParams();
    const scope = new ScopeSql(access, p);
    const where = [scope.groupId('g.id')];
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      where.push(`(g.name ILIKE ${s} OR g.code ILIKE ${s} OR g.city ILIKE ${s})`);
    }
    if (q.isActive !== undefined) where.push(`g.is_active = ${p.add(q.isActive)}`);
    const filter = `WHERE ${where.join(' AND ')}`;
    const [{ total }] = await rows<{ total: number }>(m, `SELECT count(*)::int AS total FROM groups g ${filter}`, p);
    const items = await rows(
      m,
      `${this.select(scope)} ${filter} ${orderBy(q, SORTABLE, 'name', 'g.id')} ${limitOffset(q, p)}`,
      p,
    );
    return { items, total };
  }

  async findVisible(m: EntityManager, access: RequestAccess, id: string): Promise<Row | null> {
    const p = new SqlParams();
    const scope = new ScopeSql(access, p);
    return one(m, `${this.select(scope)} WHERE g.id = ${p.add(id)} AND ${scope.groupId('g.id')}`, p);
  }

  async insert(m: EntityManager, tenantId: string, input: GroupInput): Promise<string> {
    const [row] = await rows<{ id: string }>(
      m,
      `INSERT INTO groups (tenant_id, name, code, is_fusion, email, phone_number, city, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        tenantId,
        input.name,
        input.code,
        input.isFusion,
        input.email ?? null,
        input.phoneNumber ?? null,
        input.city ?? null,
        input.state ?? null,
      ],
    );
    return row!.id;
  }

  async update(m: EntityManager, id: string, input: GroupInput): Promise<void> {
    await m.query(
      `UPDATE groups SET name = $2, code = $3, is_fusion = $4, email = $5, phone_number = $6, city = $7, state = $8, updated_at = now() WHERE id = $1`,
      [
        id,
        input.name,
        input.code,
        input.isFusion,
        input.email ?? null,
        input.phoneNumber ?? null,
        input.city ?? null,
        input.state ?? null,
      ],
    );
  }

  async setActive(m: EntityManager, id: string, isActive: boolean): Promise<void> {
    await m.query(`UPDATE groups SET is_active = $2, updated_at = now() WHERE id = $1`, [id, isActive]);
  }
}
