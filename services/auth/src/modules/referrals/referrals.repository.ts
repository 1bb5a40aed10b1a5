import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { ListQuery, referralInputSchema } from '@rayworks/contracts';
import type { RequestAccess } from '@rayworks/nest-kit';
import { containsPattern, limitOffset, one, orderBy, rows, SqlParams, type Row } from '../../database/sql.js';
import type { OwnerScope } from '../access/owner-scope.js';
import { ScopeSql } from '../access/scope-sql.js';

export type ReferralInput = z.output<typeof referralInputSchema>;
const SORTABLE = {
  name: 'r.name',
  providerType: 'r.provider_type',
  hospitalName: 'r.hospital_name',
  city: 'r.city',
  createdAt: 'r.created_at',
};
const values = (i: ReferralInput) => [
  i.name,
  i.providerType,
  i.hospitalName ?? null,
  i.email ?? null,
  i.phoneNumber ?? null,
  i.city ?? null,
  i.commissionPercent ?? null,
];

/** Referrals (referring doctors and hospitals): owner-scoped reference data. */
@Injectable()
export class ReferralsRepository {
  async list(m: EntityManager, access: RequestAccess, q: ListQuery): Promise<{ items: Row[]; total: number }> {
    const p = new SqlParams();
    const where = [new ScopeSql(access, p).ownedReadable('r')];
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      where.push(`(r.name ILIKE ${s} OR r.hospital_name ILIKE ${s} OR r.city ILIKE ${s} OR r.phone_number ILIKE ${s})`);
    }
    if (q.isActive !== undefined) where.push(`r.is_active = ${p.add(q.isActive)}`);
    const filter = `WHERE ${where.join(' AND ')}`;
    const [{ total }] = await rows<{ total: number }>(m, `SELECT count(*)::int AS total FROM referrals r ${filter}`, p);
    const items = await rows(
      m,
      `SELECT r.* FROM referrals r ${filter} ${orderBy(q, SORTABLE, 'name', 'r.id')} ${limitOffset(q, p)}`,
      p,
    );
    return { items, total };
  }

  findReadable(m: EntityManager, access: RequestAccess, id: string): Promise<Row | null> {
    const p = new SqlParams();
    return one(
      m,
      `SELECT r.* FROM referrals r WHERE r.id = ${p.add(id)} AND ${new ScopeSql(access, p).ownedReadable('r')}`,
      p,
    );
  }

  async isWritable(m: EntityManager, access: RequestAccess, id: string): Promise<boolean> {
    const p = new SqlParams();
    return (
      (await one(
        m,
        `SELECT 1 FROM referrals r WHERE r.id = ${p.add(id)} AND ${new ScopeSql(access, p).ownedWritable('r')}`,
        p,
      )) !== null
    );
  }

  async insert(m: EntityManager, tenantId: string, input: ReferralInput, owner: OwnerScope): Promise<string> {
    const [row] = await rows<{ id: string }>(
      m,
      `INSERT INTO referrals (name, provider_type, hospital_name, email, phone_number, city, commission_percent, tenant_id, owner_group_id, owner_centre_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [...values(input), tenantId, owner.ownerGroupId, owner.ownerCentreId],
    );
    return row!.id;
  }

  async update(m: EntityManager, id: string, input: ReferralInput): Promise<void> {
    await m.query(
      `UPDATE referrals SET name = $1, provider_type = $2, hospital_name = $3, email = $4, phone_number = $5, city = $6, commission_percent = $7, updated_at = now() WHERE id = $8`,
      [...values(input), id],
    );
  }

  async setActive(m: EntityManager, id: string, isActive: boolean): Promise<void> {
    await m.query(`UPDATE referrals SET is_active = $2, updated_at = now() WHERE id = $1`, [id, isActive]);
  }
}
