import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { EntityManager } from 'typeorm';
import type { centreInputSchema, ListQuery } from '@rayworks/contracts';
import type { RequestAccess } from '@rayworks/nest-kit';
import { containsPattern, limitOffset, one, orderBy, rows, SqlParams, type Row } from '../../database/sql.js';
import { ScopeSql } from '../access/scope-sql.js';

export type CentreInput = z.output<typeof centreInputSchema>;

const SORTABLE = { name: 'c.name', code: 'c.code', createdAt: 'c.created_at', city: 'c.city', groupName: 'g.name' };
const SELECT = `SELECT c.*, g.name AS group_name FROM centres c LEFT JOIN groups g ON g.id = c.group_id`;

/** Centres, as far as the request reaches. */
@Injectable()
export class CentresRepository {
  async list(
    m: EntityManager,
    access: RequestAccess,
    q: ListQuery & { groupID?: string },
  ): Promise<{ items: Row[]; total: number }> {
    const p = new SqlParams();
    const scope = new ScopeSql(access, p);
    const where = [scope.centreRow('c')];
    if (q.groupID) where.push(`c.group_id = ${p.add(q.groupID)}`);
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      where.push(`(c.name ILIKE ${s} OR c.code ILIKE ${s} OR c.city ILIKE ${s})`);
    }
    if (q.isActive !== undefined) where.push(`c.is_active = ${p.add(q.isActive)}`);
    const filter = `WHERE ${where.join(' AND ')}`;
    const [{ total }] = await rows<{ total: number }>(
      m,
      `SELECT count(*)::int AS total FROM centres c LEFT JOIN groups g ON g.id = c.group_id ${filter}`,
      p,
    );
    const items = await rows(m, `${SELECT} ${filter} ${orderBy(q, SORTABLE, 'name', 'c.id')} ${limitOffset(q, p)}`, p);
    return { items, total };
  }

  async findVisible(m: EntityManager, access: RequestAccess, id: string): Promise<Row | null> {
    const p = new SqlParams();
    const scope = new ScopeSql(access, p);
    return one(m, `${SELECT} WHERE c.id = ${p.add(id)} AND ${scope.centreRow('c')}`, p);
  }

  /** The centres among `ids` the request reaches (with their group), in the order given. */
  async findManyVisible(m: EntityManager, access: RequestAccess, ids: readonly string[]): Promise<Row[]> {
    if (ids.length === 0) return [];
    const p = new SqlParams();
    const scope = new ScopeSql(access, p);
    return rows(m, `${SELECT} WHERE c.id = ANY(${p.add(ids)}::uuid[]) AND ${scope.centreRow('c')}`, p);
  }

  /** The active centres a user is assigned to. */
  async idsOfUser(m: EntityManager, userId: string): Promise<string[]> {
    const found = await rows<{ id: string }>(
      m,
      `SELECT c.id FROM user_centres x JOIN centres c ON c.id = x.centre_id WHERE x.user_id = $1 AND c.is_active ORDER BY c.name, c.id`,
      [userId],
    );
    return found.map((r) => r.id);
  }

  /** The names of centres, in the order of the ids. */
  async findNames(m: EntityManager, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = await rows<{ id: string; name: string }>(
      m,
      `SELECT id, name FROM centres WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const byId = new Map(found.map((r) => [r.id, r.name]));
    return ids.map((id) => byId.get(id)).filter((n): n is string => n !== undefined);
  }

  /** Active centres of a group (a group-level user's centres). */
  async idsOfGroup(m: EntityManager, groupId: string): Promise<string[]> {
    const found = await rows<{ id: string }>(
      m,
      `SELECT id FROM centres WHERE group_id = $1 AND is_active ORDER BY name, id`,
      [groupId],
    );
    return found.map((r) => r.id);
  }

  async insert(m: EntityManager, tenantId: string, input: CentreInput): Promise<string> {
    const [row] = await rows<{ id: string }>(
      m,
      `INSERT INTO centres (tenant_id, group_id, name, code, is_fusion, email, phone_number, address, city, state, pin_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        tenantId,
        input.groupID,
        input.name,
        input.code,
        input.isFusion,
        input.email ?? null,
        input.phoneNumber ?? null,
        input.address ?? null,
        input.city ?? null,
        input.state ?? null,
        input.pinCode ?? null,
      ],
    );
    return row!.id;
  }

  async update(m: EntityManager, id: string, input: CentreInput): Promise<void> {
    await m.query(
      `UPDATE centres SET group_id = $2, name = $3, code = $4, is_fusion = $5, email = $6, phone_number = $7, address = $8, city = $9,
         state = $10, pin_code = $11, updated_at = now() WHERE id = $1`,
      [
        id,
        input.groupID,
        input.name,
        input.code,
        input.isFusion,
        input.email ?? null,
        input.phoneNumber ?? null,
        input.address ?? null,
        input.city ?? null,
        input.state ?? null,
        input.pinCode ?? null,
      ],
    );
  }

  async setGroup(m: EntityManager, id: string, groupId: string): Promise<void> {
    await m.query(`UPDATE centres SET group_id = $2, updated_at = now() WHERE id = $1`, [id, groupId]);
  }

  async setActive(m: EntityManager, id: string, isActive: boolean): Promise<void> {
    await m.query(`UPDATE centres SET is_active = $2, updated_at = now() WHERE id = $1`, [id, isActive]);
  }
}
