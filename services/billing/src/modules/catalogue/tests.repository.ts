import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { BILLING_API, BodyOf, TestKind } from '@rayworks/contracts';
import { containsPattern, orderAndPage, prefixPattern, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';
import { TestEntity } from './test.entity.js';

/** Sortable list fields (contract names) → columns. */
export const TEST_SORT = { code: 't.code', name: 't.name', kind: 't.kind', createdAt: 't.createdAt' } as const;

/** What a test's form sets (its code only when it is created). */
export interface TestFields {
  name: string;
  kind: TestKind;
  modality: string | null;
  bodyPart: string | null;
  sampleType: string | null;
  taxable: boolean;
}

/** billing.tests under row-level security: the caller's company's catalogue only. */
@Injectable()
export class TestsRepository {
  /** A page of the catalogue: search by the code's beginning or any part of the name. */
  async list(tx: ReadTx, q: BodyOf<typeof BILLING_API.findTests>): Promise<{ items: TestEntity[]; total: number }> {
    const qb = tx.repo(TestEntity).createQueryBuilder('t');
    if (q.search)
      qb.andWhere('(t.code LIKE :code OR t.name ILIKE :name)', {
        code: prefixPattern(q.search.toUpperCase()),
        name: containsPattern(q.search),
      });
    if (q.kind) qb.andWhere('t.kind = :kind', { kind: q.kind });
    if (q.isActive !== undefined) qb.andWhere('t.is_active = :active', { active: q.isActive });
    const [items, total] = await orderAndPage(qb, q, TEST_SORT, 'code', 't.id').getManyAndCount();
    return { items, total };
  }

  find(tx: ReadTx, id: string, lock = false): Promise<TestEntity | null> {
    const qb = tx.repo(TestEntity).createQueryBuilder('t').where('t.id = :id', { id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** The company's tests with these codes (any state). */
  byCodes(tx: ReadTx, codes: readonly string[]): Promise<TestEntity[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return tx.repo(TestEntity).find({ where: { code: In([...codes]) } });
  }

  async insert(tx: ChangeTx, row: TestFields & { tenantId: string; code: string }): Promise<string> {
    const result = await tx.repo(TestEntity).insert({ ...row, isActive: true });
    return (result.identifiers[0] as { id: string }).id;
  }

  async update(tx: ChangeTx, id: string, fields: TestFields): Promise<void> {
    await tx.repo(TestEntity).update({ id }, fields);
  }

  async setActive(tx: ChangeTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(TestEntity).update({ id }, { isActive });
  }
}
