import { Injectable } from '@nestjs/common';
import type { ChangeTx } from '@rayworks/nest-kit';
import { CaseEntity, type NewCase } from '../cases/case.entity.js';

/** The columns a transition may change (never the id, the tenant, the version or the times the kit keeps). */
export type CasePatch = Partial<Omit<CaseEntity, 'id' | 'tenantId' | 'version' | 'createdAt' | 'updatedAt'>>;

/**
 * The transitions' queries on cases.cases: the one place that writes a case's status. Every write is guarded by
 * the version the caller read (optimistic concurrency, docs/decisions/0113-case-model.md).
 */
@Injectable()
export class TransitionsRepository {
  /** The case, locked for this transaction's change (another transition of it waits, then sees the new version). */
  findForChange(tx: ChangeTx, caseId: string): Promise<CaseEntity | null> {
    return tx
      .repo(CaseEntity)
      .createQueryBuilder('c')
      .where('c.id = :caseId', { caseId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /**
   * `UPDATE … WHERE id AND version`: applies the patch only if the case is still at `version` (TypeORM raises the
   * version column and updated_at). Null when the case moved on (or is gone): the caller lost the race.
   */
  async updateIfVersion(tx: ChangeTx, caseId: string, version: number, patch: CasePatch): Promise<CaseEntity | null> {
    const result = await tx
      .repo(CaseEntity)
      .createQueryBuilder()
      .update(CaseEntity)
      .set(patch)
      .where('id = :caseId AND version = :version', { caseId, version })
      .execute();
    if (!result.affected) return null;
    return tx.repo(CaseEntity).findOneBy({ id: caseId });
  }

  async insert(tx: ChangeTx, row: NewCase): Promise<CaseEntity> {
    const repo = tx.repo(CaseEntity);
    return repo.save(repo.create(row));
  }
}
