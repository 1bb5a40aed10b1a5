import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { z } from 'zod';
import { parameterSchema, type BodyOf, type LIMS_API, type Parameter } from '@rayworks/contracts';
import {
  containsPattern,
  orderAndPage,
  prefixPattern,
  typedRows,
  type ChangeTx,
  type ReadTx,
  type SortMap,
} from '@rayworks/nest-kit';
import { LabTestVersionEntity } from './lab-test-version.entity.js';
import { LabTestEntity } from './lab-test.entity.js';

type LabTestsQuery = BodyOf<typeof LIMS_API.findLabTests>;
type MeasurementsQuery = BodyOf<typeof LIMS_API.findMeasurements>;

/** Sortable list fields (contract names) → columns. */
const LAB_TEST_SORT: SortMap<NonNullable<LabTestsQuery['sortBy']>> = {
  code: 't.code',
  name: 'lower(t.name)',
  subDepartmentName: 't.sub_department_name',
  updatedAt: 't.updated_at',
};
const MEASUREMENT_SORT: SortMap<NonNullable<MeasurementsQuery['sortBy']>> = {
  testCode: 't.code',
  code: "(p.param->>'code')",
  name: "lower(p.param->>'name')",
};

/** What a test's form or a tests file sets (the code only when it is created). */
export interface LabTestFields {
  name: string;
  department: string;
  subDepartmentCode: string;
  subDepartmentName: string;
  sampleType: LabTestEntity['sampleType'];
  container: LabTestEntity['container'];
  turnaroundHours: number;
  method: string | null;
  loincCode: string | null;
  /** Undefined: left as it is (a new test: off). */
  autoValidate?: boolean;
}

const measurementRow = z.object({
  testCode: z.string(),
  testName: z.string(),
  versionId: z.string(),
  version: z.number(),
  position: z.coerce.number(),
  parameter: parameterSchema,
  total: z.coerce.number(),
});
export type MeasurementRow = z.output<typeof measurementRow>;

/** lims.lab_tests and lims.lab_test_versions under row-level security: the caller's company's only. */
@Injectable()
export class LabTestsRepository {
  private withCurrent(tx: ReadTx) {
    return tx
      .repo(LabTestEntity)
      .createQueryBuilder('t')
      .leftJoinAndMapOne('t.current', LabTestVersionEntity, 'v', 'v.id = t.current_version_id');
  }

  /** A page of the catalogue: search by the code's beginning or any part of the name. */
  async list(tx: ReadTx, q: LabTestsQuery): Promise<{ items: LabTestEntity[]; total: number }> {
    const qb = this.withCurrent(tx);
    if (q.search)
      qb.andWhere('(t.code LIKE :code OR t.name ILIKE :name)', {
        code: prefixPattern(q.search.toUpperCase()),
        name: containsPattern(q.search),
      });
    if (q.subDepartmentCode) qb.andWhere('t.sub_department_code = :sub', { sub: q.subDepartmentCode.toUpperCase() });
    if (q.isActive !== undefined) qb.andWhere('t.is_active = :active', { active: q.isActive });
    const [items, total] = await orderAndPage(qb, q, LAB_TEST_SORT, 'code', 't.id').getManyAndCount();
    return { items, total };
  }

  /** The company's test with this code and its current version; locked for a change when asked. */
  byCode(tx: ReadTx, code: string, lock = false): Promise<LabTestEntity | null> {
    const qb = this.withCurrent(tx).where('t.code = :code', { code });
    if (lock) qb.setLock('pessimistic_write', undefined, ['t']);
    return qb.getOne();
  }

  /** The company's tests with these codes, locked, with their current versions. */
  byCodes(tx: ReadTx, codes: readonly string[]): Promise<LabTestEntity[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return this.withCurrent(tx)
      .where('t.code IN (:...codes)', { codes: [...codes] })
      .setLock('pessimistic_write', undefined, ['t'])
      .getMany();
  }

  version(tx: ReadTx, id: string): Promise<LabTestVersionEntity | null> {
    return tx.repo(LabTestVersionEntity).findOneBy({ id });
  }

  /** The code of the test a version belongs to. */
  async codeOf(tx: ReadTx, labTestId: string): Promise<string | null> {
    const test = await tx.repo(LabTestEntity).findOne({ where: { id: labTestId }, select: { id: true, code: true } });
    return test?.code ?? null;
  }

  /** A test's versions, newest first. */
  versions(tx: ReadTx, labTestId: string): Promise<LabTestVersionEntity[]> {
    return tx.repo(LabTestVersionEntity).find({ where: { labTestId }, order: { version: 'DESC' } });
  }

  async insert(tx: ChangeTx, row: LabTestFields & { tenantId: string; code: string }): Promise<string> {
    const result = await tx.repo(LabTestEntity).insert({ ...row, isActive: true });
    return (result.identifiers[0] as { id: string }).id;
  }

  /** Inserts tests in one statement; their ids in the same order. */
  async insertMany(
    tx: ChangeTx,
    rows: readonly (LabTestFields & { tenantId: string; code: string })[],
  ): Promise<string[]> {
    if (rows.length === 0) return [];
    const result = await tx.repo(LabTestEntity).insert(rows.map((r) => ({ ...r, isActive: true })));
    return result.identifiers.map((i) => (i as { id: string }).id);
  }

  async update(tx: ChangeTx, id: string, fields: LabTestFields): Promise<void> {
    await tx.repo(LabTestEntity).update({ id }, fields);
  }

  /** Saves the next version of a test's parameters and makes it the current one. */
  async addVersion(
    tx: ChangeTx,
    row: {
      tenantId: string;
      labTestId: string;
      version: number;
      parameters: Parameter[];
      createdBy: string;
      createdByName: string;
    },
  ): Promise<string> {
    const result = await tx.repo(LabTestVersionEntity).insert(row);
    const id = (result.identifiers[0] as { id: string }).id;
    await tx.repo(LabTestEntity).update({ id: row.labTestId }, { currentVersionId: id });
    return id;
  }

  /** A page of /measurements: the parameters of every test's current version. */
  async measurements(tx: ReadTx, q: MeasurementsQuery): Promise<{ items: MeasurementRow[]; total: number }> {
    const sort = (q.sortBy && MEASUREMENT_SORT[q.sortBy]) || MEASUREMENT_SORT.testCode;
    const dir = q.sortDir === 'desc' ? 'DESC' : 'ASC';
    const rows = await typedRows(
      tx.manager,
      measurementRow,
      `SELECT t.code AS "testCode", t.name AS "testName", v.id AS "versionId", v.version,
              p.ord - 1 AS position, p.param AS parameter, count(*) OVER () AS total
         FROM lims.lab_tests t
         JOIN lims.lab_test_versions v ON v.id = t.current_version_id
         CROSS JOIN LATERAL jsonb_array_elements(v.parameters) WITH ORDINALITY AS p(param, ord)
        WHERE (CAST(:search AS text) IS NULL OR t.code LIKE :prefix OR (p.param->>'code') ILIKE :contains
               OR (p.param->>'name') ILIKE :contains)
          AND (CAST(:active AS boolean) IS NULL OR t.is_active = :active)
        ORDER BY ${sort} ${dir}, t.code, p.ord
        LIMIT :limit OFFSET :offset`,
      {
        search: q.search || null,
        prefix: prefixPattern((q.search ?? '').toUpperCase()),
        contains: containsPattern(q.search ?? ''),
        active: q.isActive ?? null,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      },
    );
    return { items: rows, total: rows[0]?.total ?? 0 };
  }

  /** Ids of the company's tests with these codes (to tell a tests file's new codes from its updates). */
  async idsByCode(tx: ReadTx, codes: readonly string[]): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const rows = await tx
      .repo(LabTestEntity)
      .find({ where: { code: In([...codes]) }, select: { id: true, code: true } });
    return new Map(rows.map((r) => [r.code, r.id]));
  }
}
