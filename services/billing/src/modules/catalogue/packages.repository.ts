import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { BILLING_API, BodyOf } from '@rayworks/contracts';
import { containsPattern, orderAndPage, prefixPattern, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';
import { PackageTestEntity } from './package-test.entity.js';
import { PackageEntity } from './package.entity.js';
import { TestEntity } from './test.entity.js';

/** Sortable list fields (contract names) → columns. */
export const PACKAGE_SORT = { code: 'k.code', name: 'k.name', createdAt: 'k.createdAt' } as const;

/** billing.packages and billing.package_tests under row-level security: the caller's company's only. */
@Injectable()
export class PackagesRepository {
  async list(
    tx: ReadTx,
    q: BodyOf<typeof BILLING_API.findPackages>,
  ): Promise<{ items: PackageEntity[]; total: number }> {
    const qb = tx.repo(PackageEntity).createQueryBuilder('k');
    if (q.search)
      qb.andWhere('(k.code LIKE :code OR k.name ILIKE :name)', {
        code: prefixPattern(q.search.toUpperCase()),
        name: containsPattern(q.search),
      });
    if (q.isActive !== undefined) qb.andWhere('k.is_active = :active', { active: q.isActive });
    const [items, total] = await orderAndPage(qb, q, PACKAGE_SORT, 'code', 'k.id').getManyAndCount();
    return { items, total };
  }

  find(tx: ReadTx, id: string, lock = false): Promise<PackageEntity | null> {
    const qb = tx.repo(PackageEntity).createQueryBuilder('k').where('k.id = :id', { id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** The company's packages with these codes (any state). */
  byCodes(tx: ReadTx, codes: readonly string[]): Promise<PackageEntity[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return tx.repo(PackageEntity).find({ where: { code: In([...codes]) } });
  }

  /** Each package's tests, in the package's order. */
  async testsOf(tx: ReadTx, packageIds: readonly string[]): Promise<Map<string, TestEntity[]>> {
    const out = new Map<string, TestEntity[]>(packageIds.map((id) => [id, []]));
    if (packageIds.length === 0) return out;
    const links = await tx.repo(PackageTestEntity).find({
      where: { packageId: In([...packageIds]) },
      order: { packageId: 'ASC', position: 'ASC' },
    });
    const tests = await tx.repo(TestEntity).find({ where: { id: In([...new Set(links.map((l) => l.testId))]) } });
    const byId = new Map(tests.map((t) => [t.id, t]));
    for (const link of links) out.get(link.packageId)?.push(byId.get(link.testId)!);
    return out;
  }

  async insert(tx: ChangeTx, row: { tenantId: string; code: string; name: string; taxable: boolean }): Promise<string> {
    const result = await tx.repo(PackageEntity).insert({ ...row, isActive: true });
    return (result.identifiers[0] as { id: string }).id;
  }

  async update(tx: ChangeTx, id: string, fields: { name: string; taxable: boolean }): Promise<void> {
    await tx.repo(PackageEntity).update({ id }, fields);
  }

  async setActive(tx: ChangeTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(PackageEntity).update({ id }, { isActive });
  }

  /** The package's tests from now on, in this order. */
  async setTests(tx: ChangeTx, tenantId: string, packageId: string, testIds: readonly string[]): Promise<void> {
    await tx.repo(PackageTestEntity).delete({ packageId });
    if (testIds.length > 0)
      await tx
        .repo(PackageTestEntity)
        .insert(testIds.map((testId, position) => ({ tenantId, packageId, testId, position })));
  }
}
