import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { doctorInputSchema, ListQuery } from '@rayworks/contracts';
import type { RequestAccess } from '@rayworks/nest-kit';
import { containsPattern, limitOffset, one, orderBy, rows, SqlParams, type Row } from '../../database/sql.js';
import { ScopeSql } from '../access/scope-sql.js';

export type DoctorInput = z.output<typeof doctorInputSchema>;
/** A doctor with its department's name and its centres (ids and names, in the same order: by centre name). */
const SELECT = `SELECT d.*,
    (SELECT dep.name FROM departments dep WHERE dep.id = d.department_id) AS department_name,
    COALESCE((SELECT array_agg(x.centre_id::text ORDER BY c.name, x.centre_id) FROM doctor_centres x JOIN centres c ON c.id = x.centre_id WHERE x.doctor_id = d.id), '{}') AS centre_ids,
    COALESCE((SELECT array_agg(c.name ORDER BY c.name, x.centre_id) FROM doctor_centres x JOIN centres c ON c.id = x.centre_id WHERE x.doctor_id = d.id), '{}') AS centre_names
  FROM doctors d`;
const SORTABLE = {
  name: `d.first_name || ' ' || d.last_name`,
  firstName: 'd.first_name',
  lastName: 'd.last_name',
  specialization: 'd.specialization',
  createdAt: 'd.created_at',
};
const values = (i: DoctorInput) => [
  i.firstName,
  i.lastName,
  i.email ?? null,
  i.phoneNumber ?? null,
  i.qualificationName ?? null,
  i.specialization ?? null,
  i.registrationNumber ?? null,
  i.departmentID,
];

/** Doctors and the centres they work at. */
@Injectable()
export class DoctorsRepository {
  async list(m: EntityManager, access: RequestAccess, q: ListQuery): Promise<{ items: Row[]; total: number }> {
    const p = new SqlParams();
    const where = [new ScopeSql(access, p).doctorReadable('d')];
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      where.push(
        `(d.first_name || ' ' || d.last_name ILIKE ${s} OR d.email ILIKE ${s} OR d.phone_number ILIKE ${s} OR d.specialization ILIKE ${s} OR d.registration_number ILIKE ${s})`,
      );
    }
    if (q.isActive !== undefined) where.push(`d.is_active = ${p.add(q.isActive)}`);
    const filter = `WHERE ${where.join(' AND ')}`;
    const [{ total }] = await rows<{ total: number }>(m, `SELECT count(*)::int AS total FROM doctors d ${filter}`, p);
    const items = await rows(m, `${SELECT} ${filter} ${orderBy(q, SORTABLE, 'name', 'd.id')} ${limitOffset(q, p)}`, p);
    return { items, total };
  }

  findReadable(m: EntityManager, access: RequestAccess, id: string): Promise<Row | null> {
    const p = new SqlParams();
    return one(m, `${SELECT} WHERE d.id = ${p.add(id)} AND ${new ScopeSql(access, p).doctorReadable('d')}`, p);
  }

  async isWritable(m: EntityManager, access: RequestAccess, id: string): Promise<boolean> {
    const p = new SqlParams();
    return (
      (await one(
        m,
        `SELECT 1 FROM doctors d WHERE d.id = ${p.add(id)} AND ${new ScopeSql(access, p).doctorWritable('d')}`,
        p,
      )) !== null
    );
  }

  async insert(m: EntityManager, tenantId: string, input: DoctorInput, centreIds: readonly string[]): Promise<string> {
    const [row] = await rows<{ id: string }>(
      m,
      `INSERT INTO doctors (first_name, last_name, email, phone_number, qualification_name, specialization, registration_number, department_id, tenant_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [...values(input), tenantId],
    );
    await this.setCentres(m, tenantId, row!.id, centreIds);
    return row!.id;
  }

  async update(
    m: EntityManager,
    tenantId: string,
    id: string,
    input: DoctorInput,
    centreIds: readonly string[],
  ): Promise<void> {
    await m.query(
      `UPDATE doctors SET first_name = $1, last_name = $2, email = $3, phone_number = $4, qualification_name = $5, specialization = $6,
         registration_number = $7, department_id = $8, updated_at = now() WHERE id = $9`,
      [...values(input), id],
    );
    await this.setCentres(m, tenantId, id, centreIds);
  }

  async setActive(m: EntityManager, id: string, isActive: boolean): Promise<void> {
    await m.query(`UPDATE doctors SET is_active = $2, updated_at = now() WHERE id = $1`, [id, isActive]);
  }

  private async setCentres(
    m: EntityManager,
    tenantId: string,
    doctorId: string,
    centreIds: readonly string[],
  ): Promise<void> {
    await m.query(`DELETE FROM doctor_centres WHERE doctor_id = $1`, [doctorId]);
    if (centreIds.length > 0)
      await m.query(`INSERT INTO doctor_centres (tenant_id, doctor_id, centre_id) SELECT $1, $2, unnest($3::uuid[])`, [
        tenantId,
        doctorId,
        centreIds,
      ]);
  }
}
