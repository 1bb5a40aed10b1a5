import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { BodyOf, LIMS_API, OutsourcedTest } from '@rayworks/contracts';
import { containsPattern, orderAndPage, typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';
import { OutsourcingLabEntity } from './outsourcing-lab.entity.js';

/** Sortable list fields (contract names) → columns. */
const LAB_SORT = { name: 'l.name', code: 'l.code', createdAt: 'l.createdAt' } as const;

export interface LabFields {
  name: string;
  code: string;
  contactPerson: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  analyzerId: string | null;
}

const testRow = z.object({
  lab_id: z.uuid(),
  test_code: z.string(),
  test_name: z.string(),
  turnaround_hours: z.number().int(),
});
const analyzerRow = z.object({ id: z.uuid(), name: z.string() });

/** lims.outsourcing_labs and lims.outsourcing_lab_tests under row-level security (the company). */
@Injectable()
export class OutsourcingLabsRepository {
  async list(
    tx: ReadTx,
    q: BodyOf<typeof LIMS_API.findOutsourcingLabs>,
  ): Promise<{ items: OutsourcingLabEntity[]; total: number }> {
    const qb = tx.repo(OutsourcingLabEntity).createQueryBuilder('l');
    if (q.search) qb.andWhere('(l.name ILIKE :s OR l.code ILIKE :s)', { s: containsPattern(q.search) });
    if (q.isActive !== undefined) qb.andWhere('l.is_active = :active', { active: q.isActive });
    const [items, total] = await orderAndPage(qb, q, LAB_SORT, 'name', 'l.id').getManyAndCount();
    return { items, total };
  }

  find(tx: ReadTx, id: string, lock = false): Promise<OutsourcingLabEntity | null> {
    const qb = tx.repo(OutsourcingLabEntity).createQueryBuilder('l').where('l.id = :id', { id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  async insert(tx: ChangeTx, row: LabFields & { tenantId: string }): Promise<string> {
    const result = await tx.repo(OutsourcingLabEntity).insert({ ...row, isActive: true });
    return (result.identifiers[0] as { id: string }).id;
  }

  async update(tx: ChangeTx, id: string, fields: LabFields): Promise<void> {
    await tx.repo(OutsourcingLabEntity).update({ id }, fields);
  }

  async setActive(tx: ChangeTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(OutsourcingLabEntity).update({ id }, { isActive });
  }

  /** The tests of these labs with the catalogue's names, by lab. */
  async tests(tx: ReadTx, labIds: readonly string[]): Promise<Map<string, OutsourcedTest[]>> {
    const out = new Map<string, OutsourcedTest[]>(labIds.map((id) => [id, []]));
    if (labIds.length === 0) return out;
    const rows = await typedRows(
      tx.manager,
      testRow,
      `SELECT lt.lab_id, lt.test_code, coalesce(t.name, lt.test_code) AS test_name, lt.turnaround_hours
         FROM lims.outsourcing_lab_tests lt
         LEFT JOIN lims.lab_tests t ON t.tenant_id = lt.tenant_id AND t.code = lt.test_code
        WHERE lt.lab_id = ANY(:ids::uuid[])
        ORDER BY lt.test_code`,
      { ids: [...labIds] },
    );
    for (const r of rows)
      out.get(r.lab_id)?.push({ testCode: r.test_code, testName: r.test_name, turnaroundHours: r.turnaround_hours });
    return out;
  }

  async replaceTests(
    tx: ChangeTx,
    tenantId: string,
    labId: string,
    tests: readonly { testCode: string; turnaroundHours: number }[],
  ): Promise<void> {
    await tx.manager.query(`DELETE FROM lims.outsourcing_lab_tests WHERE lab_id = $1`, [labId]);
    if (tests.length === 0) return;
    await tx.manager.query(
      `INSERT INTO lims.outsourcing_lab_tests (tenant_id, lab_id, test_code, turnaround_hours)
       SELECT $1, $2, t.test_code, t.turnaround_hours
         FROM jsonb_to_recordset($3::jsonb) AS t (test_code text, turnaround_hours integer)`,
      [
        tenantId,
        labId,
        JSON.stringify(tests.map((t) => ({ test_code: t.testCode, turnaround_hours: t.turnaroundHours }))),
      ],
    );
  }

  /** The names of these analyzers of the company (a link names one). */
  async analyzerNames(tx: ReadTx, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await typedRows(
      tx.manager,
      analyzerRow,
      `SELECT id, name FROM lims.analyzers WHERE id = ANY(:ids::uuid[])`,
      { ids: [...ids] },
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
