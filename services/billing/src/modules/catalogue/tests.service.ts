import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { TEST_MESSAGES, type BILLING_API, type BillableTest, type BodyOf, type Page } from '@rayworks/contracts';
import { companyOf, isUniqueViolation, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { CATALOGUE_AUDIT_ACTIONS } from './catalogue-audit.js';
import { TestsRepository, type TestFields } from './tests.repository.js';

/**
 * The company's billable tests (docs/decisions/0248): billing keeps the catalogue the desk orders from and rate cards
 * price; a code is the company's once and names the test for good (the LIMS keys its lab test definitions by it).
 */
@Injectable()
export class TestsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(TestsRepository) private readonly tests: TestsRepository,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof BILLING_API.findTests>): Promise<Page<BillableTest>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.tests.list(tx, q);
      return { items: items.map((t) => t.toTest()), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, id: string): Promise<BillableTest> {
    return this.uow.read(access, async (tx) => {
      const test = await this.tests.find(tx, id);
      if (!test) throw new NotFoundException(TEST_MESSAGES.notFound);
      return test.toTest();
    });
  }

  create(access: RequestAccess, body: BodyOf<typeof BILLING_API.createTest>): Promise<BillableTest> {
    return this.uow.change(access, async (tx) => {
      let id: string;
      try {
        id = await this.tests.insert(tx, { ...fieldsOf(body), code: body.code, tenantId: companyOf(access.principal) });
      } catch (error) {
        if (isUniqueViolation(error, 'tests_code')) throw new ConflictException(TEST_MESSAGES.codeTaken);
        throw error;
      }
      await tx.audit({
        action: CATALOGUE_AUDIT_ACTIONS.testCreate,
        target: { type: 'test', id },
        details: { code: body.code },
      });
      return (await this.tests.find(tx, id))!.toTest();
    });
  }

  update(access: RequestAccess, body: BodyOf<typeof BILLING_API.updateTest>): Promise<BillableTest> {
    return this.uow.change(access, async (tx) => {
      const current = await this.tests.find(tx, body.id, true);
      if (!current) throw new NotFoundException(TEST_MESSAGES.updateFailed);
      await this.tests.update(tx, current.id, fieldsOf(body));
      await tx.audit({
        action: CATALOGUE_AUDIT_ACTIONS.testUpdate,
        target: { type: 'test', id: current.id },
        details: { code: current.code },
      });
      return (await this.tests.find(tx, current.id))!.toTest();
    });
  }

  setActive(access: RequestAccess, id: string, isActive: boolean): Promise<BillableTest> {
    return this.uow.change(access, async (tx) => {
      const current = await this.tests.find(tx, id, true);
      if (!current) throw new NotFoundException(TEST_MESSAGES.notFound);
      await this.tests.setActive(tx, id, isActive);
      await tx.audit({
        action: CATALOGUE_AUDIT_ACTIONS.testStatus,
        target: { type: 'test', id },
        details: { isActive },
      });
      return (await this.tests.find(tx, id))!.toTest();
    });
  }
}

const fieldsOf = (body: TestFields): TestFields => ({
  name: body.name,
  kind: body.kind,
  modality: body.modality,
  bodyPart: body.bodyPart,
  sampleType: body.sampleType,
  taxable: body.taxable,
});
