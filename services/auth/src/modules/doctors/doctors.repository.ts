import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { doctorInputSchema, ListQuery } from '@rayworks/contracts';
import {
  containsPattern,
  orderAndPage,
  QueryParams,
  typedRows,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { ScopeSql } from '../access/scope-sql.js';
import { DoctorCentreEntity, DoctorEntity } from './doctor.entity.js';

export type DoctorInput = z.output<typeof doctorInputSchema>;

/** Sortable list fields (contract names) → columns. */
export const DOCTOR_SORT = {
  name: `d.first_name || ' ' || d.last_name`,
  firstName: 'd.firstName',
  lastName: 'd.lastName',
  specialization: 'd.specialization',
  createdAt: 'd.createdAt',
} as const;

const columns = (i: DoctorInput) => ({
  firstName: i.firstName,
  lastName: i.lastName,
  email: i.email ?? null,
  phoneNumber: i.phoneNumber ?? null,
  qualificationName: i.qualificationName ?? null,
  specialization: i.specialization ?? null,
  registrationNumber: i.registrationNumber ?? null,
  departmentId: i.departmentID,
});

const doctorCentreRow = z.object({ doctorId: z.string(), id: z.string(), name: z.string() });

/** Doctors and the centres they work at. */
@Injectable()
export class DoctorsRepository {
  private query(tx: ReadTx, access: RequestAccess, which: 'doctorReadable' | 'doctorWritable') {
    const p = new QueryParams();
    const qb = tx
      .repo(DoctorEntity)
      .createQueryBuilder('d')
      .leftJoinAndSelect('d.department', 'dep')
      .where(new ScopeSql(access, p)[which]('d'));
    return { qb, p };
  }

  /** Sets each doctor's centres (ids and names, by centre name). */
  private async withCentres(tx: ReadTx, doctors: DoctorEntity[]): Promise<DoctorEntity[]> {
    if (doctors.length === 0) return doctors;
    const found = await typedRows(
      tx.manager,
      doctorCentreRow,
      `SELECT x.doctor_id AS "doctorId", c.id, c.name FROM doctor_centres x JOIN centres c ON c.id = x.centre_id
       WHERE x.doctor_id = ANY(:ids::uuid[]) ORDER BY c.name, x.centre_id`,
      { ids: doctors.map((d) => d.id) },
    );
    for (const d of doctors) d.centres = found.filter((c) => c.doctorId === d.id).map(({ id, name }) => ({ id, name }));
    return doctors;
  }

  async list(tx: ReadTx, access: RequestAccess, q: ListQuery): Promise<{ items: DoctorEntity[]; total: number }> {
    const { qb, p } = this.query(tx, access, 'doctorReadable');
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      qb.andWhere(
        `(d.first_name || ' ' || d.last_name ILIKE ${s} OR d.email ILIKE ${s} OR d.phone_number ILIKE ${s} OR d.specialization ILIKE ${s} OR d.registration_number ILIKE ${s})`,
      );
    }
    if (q.isActive !== undefined) qb.andWhere(`d.is_active = ${p.add(q.isActive)}`);
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, DOCTOR_SORT, 'name', 'd.id').getManyAndCount();
    return { items: await this.withCentres(tx, items), total };
  }

  async findReadable(tx: ReadTx, access: RequestAccess, id: string): Promise<DoctorEntity | null> {
    const { qb, p } = this.query(tx, access, 'doctorReadable');
    const found = await qb
      .andWhere(`d.id = ${p.add(id)}`)
      .setParameters(p.values)
      .getOne();
    return found && (await this.withCentres(tx, [found]))[0]!;
  }

  async isWritable(tx: ReadTx, access: RequestAccess, id: string): Promise<boolean> {
    const { qb, p } = this.query(tx, access, 'doctorWritable');
    return (
      (await qb
        .andWhere(`d.id = ${p.add(id)}`)
        .setParameters(p.values)
        .getCount()) > 0
    );
  }

  async insert(tx: ReadTx, tenantId: string, input: DoctorInput, centreIds: readonly string[]): Promise<string> {
    const result = await tx.repo(DoctorEntity).insert({ tenantId, ...columns(input) });
    const id = (result.identifiers[0] as { id: string }).id;
    await this.setCentres(tx, tenantId, id, centreIds);
    return id;
  }

  async update(
    tx: ReadTx,
    tenantId: string,
    id: string,
    input: DoctorInput,
    centreIds: readonly string[],
  ): Promise<void> {
    await tx.repo(DoctorEntity).update({ id }, columns(input));
    await this.setCentres(tx, tenantId, id, centreIds);
  }

  async setActive(tx: ReadTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(DoctorEntity).update({ id }, { isActive });
  }

  private async setCentres(tx: ReadTx, tenantId: string, doctorId: string, centreIds: readonly string[]) {
    await tx.repo(DoctorCentreEntity).delete({ doctorId });
    if (centreIds.length > 0)
      await tx.repo(DoctorCentreEntity).insert(centreIds.map((centreId) => ({ tenantId, doctorId, centreId })));
  }
}
