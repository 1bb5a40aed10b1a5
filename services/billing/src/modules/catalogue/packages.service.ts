import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { PACKAGE_MESSAGES, type BILLING_API, type BodyOf, type Page, type TestPackage } from '@rayworks/contracts';
import {
  companyOf,
  isUniqueViolation,
  UnitOfWork,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { CATALOGUE_AUDIT_ACTIONS } from './catalogue-audit.js';
import { PackagesRepository } from './packages.repository.js';
import type { PackageEntity } from './package.entity.js';
import { TestsRepository } from './tests.repository.js';

/**
 * The company's packages (docs/decisions/0248): tests bundled at one price; rate cards price a package like a test,
 * and a registration expands it into its tests (QuoteService names them). A package bundles active tests only.
 */
@Injectable()
export class PackagesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(PackagesRepository) private readonly packages: PackagesRepository,
    @Inject(TestsRepository) private readonly tests: TestsRepository,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof BILLING_API.findPackages>): Promise<Page<TestPackage>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.packages.list(tx, q);
      const tests = await this.packages.testsOf(
        tx,
        items.map((p) => p.id),
      );
      return {
        items: items.map((p) => p.toPackage(tests.get(p.id) ?? [])),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    });
  }

  get(access: RequestAccess, id: string): Promise<TestPackage> {
    return this.uow.read(access, async (tx) => {
      const found = await this.packages.find(tx, id);
      if (!found) throw new NotFoundException(PACKAGE_MESSAGES.notFound);
      return this.view(tx, found);
    });
  }

  create(access: RequestAccess, body: BodyOf<typeof BILLING_API.createPackage>): Promise<TestPackage> {
    return this.uow.change(access, async (tx) => {
      const testIds = await this.activeTestIds(tx, body.testCodes);
      const tenantId = companyOf(access.principal);
      let id: string;
      try {
        id = await this.packages.insert(tx, { tenantId, code: body.code, name: body.name, taxable: body.taxable });
      } catch (error) {
        if (isUniqueViolation(error, 'packages_code')) throw new ConflictException(PACKAGE_MESSAGES.codeTaken);
        throw error;
      }
      await this.packages.setTests(tx, tenantId, id, testIds);
      await tx.audit({
        action: CATALOGUE_AUDIT_ACTIONS.packageCreate,
        target: { type: 'package', id },
        details: { code: body.code, tests: body.testCodes },
      });
      return this.view(tx, (await this.packages.find(tx, id))!);
    });
  }

  update(access: RequestAccess, body: BodyOf<typeof BILLING_API.updatePackage>): Promise<TestPackage> {
    return this.uow.change(access, async (tx) => {
      const current = await this.packages.find(tx, body.id, true);
      if (!current) throw new NotFoundException(PACKAGE_MESSAGES.notFound);
      const testIds = await this.activeTestIds(tx, body.testCodes);
      await this.packages.update(tx, current.id, { name: body.name, taxable: body.taxable });
      await this.packages.setTests(tx, current.tenantId, current.id, testIds);
      await tx.audit({
        action: CATALOGUE_AUDIT_ACTIONS.packageUpdate,
        target: { type: 'package', id: current.id },
        details: { code: current.code, tests: body.testCodes },
      });
      return this.view(tx, (await this.packages.find(tx, current.id))!);
    });
  }

  setActive(access: RequestAccess, id: string, isActive: boolean): Promise<TestPackage> {
    return this.uow.change(access, async (tx) => {
      const current = await this.packages.find(tx, id, true);
      if (!current) throw new NotFoundException(PACKAGE_MESSAGES.notFound);
      await this.packages.setActive(tx, id, isActive);
      await tx.audit({
        action: CATALOGUE_AUDIT_ACTIONS.packageStatus,
        target: { type: 'package', id },
        details: { isActive },
      });
      return this.view(tx, (await this.packages.find(tx, id))!);
    });
  }

  private async view(tx: ReadTx, found: PackageEntity): Promise<TestPackage> {
    const tests = await this.packages.testsOf(tx, [found.id]);
    return found.toPackage(tests.get(found.id) ?? []);
  }

  /** The ids of the active tests with these codes, in their order; a code that is not one: 400 naming it. */
  private async activeTestIds(tx: ChangeTx, codes: readonly string[]): Promise<string[]> {
    const found = new Map((await this.tests.byCodes(tx, codes)).filter((t) => t.isActive).map((t) => [t.code, t.id]));
    const missing = codes.filter((code) => !found.has(code));
    if (missing.length > 0) throw new BadRequestException(`testCodes: ${PACKAGE_MESSAGES.unknownTests(missing)}`);
    return codes.map((code) => found.get(code)!);
  }
}
