import { isDeepStrictEqual } from 'node:util';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  LAB_TEST_MESSAGES,
  readHeader,
  readMeasurementRows,
  readTestRows,
  rowsOf,
  tooManyRows,
  uploadErrorMessage,
  type BodyOf,
  type LabTest,
  type LabTestSummary,
  type LabTestVersion,
  type LabTestVersionRef,
  type LabUploadResult,
  type LIMS_API,
  type Measurement,
  type Page,
  type Parameter,
  type UploadRowError,
} from '@rayworks/contracts';
import { companyOf, isUniqueViolation, UnitOfWork, type ChangeTx, type RequestAccess } from '@rayworks/nest-kit';
import { LAB_CATALOGUE_AUDIT_ACTIONS } from './catalogue-audit.js';
import type { LabTestEntity } from './lab-test.entity.js';
import { LabTestsRepository, type LabTestFields } from './lab-tests.repository.js';
import { readUploadFile } from './upload-file.reader.js';

type CreateBody = BodyOf<typeof LIMS_API.createLabTest>;
type UploadBody = BodyOf<typeof LIMS_API.uploadLabCatalogue>;

/**
 * The laboratory's test catalogue (docs/decisions/0293–0295): definitions keyed by billing's code, and versions of
 * their parameters — every saved change of the parameters is the next version, the old ones stay readable by id.
 */
@Injectable()
export class LabTestsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(LabTestsRepository) private readonly tests: LabTestsRepository,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof LIMS_API.findLabTests>): Promise<Page<LabTestSummary>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.tests.list(tx, q);
      return { items: items.map((t) => t.toSummary()), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, code: string): Promise<LabTest> {
    return this.uow.read(access, async (tx) => {
      const test = await this.tests.byCode(tx, code);
      if (!test) throw new NotFoundException(LAB_TEST_MESSAGES.notFound);
      return test.toLabTest();
    });
  }

  versions(access: RequestAccess, code: string): Promise<LabTestVersionRef[]> {
    return this.uow.read(access, async (tx) => {
      const test = await this.tests.byCode(tx, code);
      if (!test) throw new NotFoundException(LAB_TEST_MESSAGES.notFound);
      return (await this.tests.versions(tx, test.id)).map((v) => v.toRef());
    });
  }

  version(access: RequestAccess, id: string): Promise<LabTestVersion> {
    return this.uow.read(access, async (tx) => {
      const version = await this.tests.version(tx, id);
      const code = version ? await this.tests.codeOf(tx, version.labTestId) : null;
      if (!version || code === null) throw new NotFoundException(LAB_TEST_MESSAGES.versionNotFound);
      return version.toVersion(code);
    });
  }

  measurements(access: RequestAccess, q: BodyOf<typeof LIMS_API.findMeasurements>): Promise<Page<Measurement>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.tests.measurements(tx, q);
      return {
        items: items.map(({ total: _total, ...m }) => m),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    });
  }

  create(access: RequestAccess, body: CreateBody): Promise<LabTest> {
    return this.uow.change(access, async (tx) => {
      let id: string;
      try {
        id = await this.tests.insert(tx, { ...fieldsOf(body), code: body.code, tenantId: companyOf(access.principal) });
      } catch (error) {
        if (isUniqueViolation(error, 'lab_tests_code')) throw new ConflictException(LAB_TEST_MESSAGES.codeTaken);
        throw error;
      }
      if (body.parameters) await this.saveVersion(tx, access, id, 1, body.parameters);
      await tx.audit({
        action: LAB_CATALOGUE_AUDIT_ACTIONS.labTestCreate,
        target: { type: 'lab-test', id },
        details: { code: body.code, parameters: body.parameters?.length ?? 0 },
      });
      return (await this.tests.byCode(tx, body.code))!.toLabTest();
    });
  }

  /** Changes the definition; parameters that differ from the current version's are saved as the next version. */
  update(access: RequestAccess, body: CreateBody): Promise<LabTest> {
    return this.uow.change(access, async (tx) => {
      const current = await this.tests.byCode(tx, body.code, true);
      if (!current) throw new NotFoundException(LAB_TEST_MESSAGES.updateFailed);
      await this.tests.update(tx, current.id, fieldsOf(body));
      const version = body.parameters ? await this.nextVersion(tx, access, current, body.parameters) : null;
      await tx.audit({
        action: LAB_CATALOGUE_AUDIT_ACTIONS.labTestUpdate,
        target: { type: 'lab-test', id: current.id },
        details: { code: current.code, version },
      });
      return (await this.tests.byCode(tx, body.code))!.toLabTest();
    });
  }

  /**
   * A tests file (definitions: new codes created, known ones changed) or a measurements file (each named test's
   * whole parameter list: its next version when it differs), all or nothing in one transaction: a file with a bad
   * row changes nothing and answers 400 'Unable Update Test Details: row N: <column>: <reason>; …'.
   */
  async upload(access: RequestAccess, body: UploadBody): Promise<LabUploadResult> {
    const lines = await readUploadFile(body.format, Buffer.from(body.content, 'base64'));
    const [header = [], ...data] = lines;
    const { columns, errors: headerErrors } = readHeader(body.kind, header);
    if (headerErrors.length > 0) throw new BadRequestException(uploadErrorMessage(headerErrors));
    const rows = rowsOf(columns, data);
    if (rows.length === 0) throw new BadRequestException(LAB_TEST_MESSAGES.fileEmpty);
    const tooMany = tooManyRows(rows);
    if (tooMany) throw new BadRequestException(uploadErrorMessage([tooMany]));

    return this.changedMeanwhileIsConflict(() => this.saveUpload(access, body, rows));
  }

  /**
   * Two uploads (or an upload and a form) creating the same new code, or the same next version of a test, at the
   * same moment: the unique constraint refuses the later one when it writes — 409, and its transaction changed
   * nothing (the codes it knew of are locked, a code it creates cannot be).
   */
  private async changedMeanwhileIsConflict<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'lab_tests_code') || isUniqueViolation(error, 'lab_test_versions_number'))
        throw new ConflictException(LAB_TEST_MESSAGES.changedMeanwhile);
      throw error;
    }
  }

  private saveUpload(
    access: RequestAccess,
    body: UploadBody,
    rows: ReturnType<typeof rowsOf>,
  ): Promise<LabUploadResult> {
    return this.uow.change(access, async (tx) => {
      const tenantId = companyOf(access.principal);
      if (body.kind === 'tests') {
        const { tests, errors } = readTestRows(rows);
        if (errors.length > 0) throw new BadRequestException(uploadErrorMessage(errors));
        const known = await this.tests.byCodes(
          tx,
          tests.map((t) => t.value.code),
        );
        const byCode = new Map(known.map((t) => [t.code, t]));
        const fresh = tests.filter((t) => !byCode.has(t.value.code));
        await this.tests.insertMany(
          tx,
          fresh.map((t) => ({ ...fieldsOf(t.value), code: t.value.code, tenantId })),
        );
        for (const t of tests) {
          const existing = byCode.get(t.value.code);
          if (existing) await this.tests.update(tx, existing.id, fieldsOf(t.value));
        }
        const result = { rows: rows.length, created: fresh.length, updated: tests.length - fresh.length, versions: 0 };
        await this.auditUpload(tx, body, result);
        return result;
      }
      const { tests, errors } = readMeasurementRows(rows);
      const known = await this.tests.byCodes(
        tx,
        tests.map((t) => t.code),
      );
      const byCode = new Map(known.map((t) => [t.code, t]));
      const missing: UploadRowError[] = tests
        .filter((t) => !byCode.has(t.code))
        .map((t) => ({ row: t.row, field: 'testCode', message: LAB_TEST_MESSAGES.testNotDefined(t.code) }));
      if (errors.length + missing.length > 0)
        throw new BadRequestException(uploadErrorMessage([...errors, ...missing]));
      let versions = 0;
      for (const t of tests)
        if ((await this.nextVersion(tx, access, byCode.get(t.code)!, t.parameters)) !== null) versions += 1;
      const result = { rows: rows.length, created: 0, updated: tests.length, versions };
      await this.auditUpload(tx, body, result);
      return result;
    });
  }

  /** The next version when the parameters differ from the current ones (its number), else null. */
  private async nextVersion(
    tx: ChangeTx,
    access: RequestAccess,
    test: LabTestEntity,
    parameters: Parameter[],
  ): Promise<number | null> {
    if (test.current && sameParameters(test.current.parameters, parameters)) return null;
    const number = (test.current?.version ?? 0) + 1;
    await this.saveVersion(tx, access, test.id, number, parameters);
    return number;
  }

  private saveVersion(
    tx: ChangeTx,
    access: RequestAccess,
    labTestId: string,
    version: number,
    parameters: Parameter[],
  ): Promise<string> {
    return this.tests.addVersion(tx, {
      tenantId: companyOf(access.principal),
      labTestId,
      version,
      parameters,
      createdBy: access.principal.userId,
      createdByName: access.principal.loginName,
    });
  }

  private auditUpload(tx: ChangeTx, body: UploadBody, result: LabUploadResult): Promise<void> {
    return tx.audit({
      action: LAB_CATALOGUE_AUDIT_ACTIONS.labTestUpload,
      target: { type: 'lab-catalogue', id: body.kind },
      details: { fileName: body.fileName, format: body.format, ...result },
    });
  }
}

/** Parameters are the same when they are deeply equal (jsonb keeps keys in its own order: the order does not count). */
function sameParameters(a: readonly Parameter[], b: readonly Parameter[]): boolean {
  return isDeepStrictEqual(a, b);
}

const fieldsOf = (body: LabTestFields): LabTestFields => ({
  name: body.name,
  department: body.department,
  subDepartmentCode: body.subDepartmentCode,
  subDepartmentName: body.subDepartmentName,
  sampleType: body.sampleType,
  container: body.container,
  turnaroundHours: body.turnaroundHours,
  method: body.method,
  loincCode: body.loincCode,
  ...(body.autoValidate === undefined ? {} : { autoValidate: body.autoValidate }),
});
