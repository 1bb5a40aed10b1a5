import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ChangeTx, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { CaseEntity } from '../cases/case.entity.js';

const openWorkRow = z.object({ user_id: z.uuid(), open: z.coerce.number().int() });

/** The columns a transition may change (never the id, the tenant, the version or the times the kit keeps). */
export type CasePatch = Partial<Omit<CaseEntity, 'id' | 'tenantId' | 'version' | 'createdAt' | 'updatedAt'>>;

/** A new case a transition makes beside the one it moves (a split's parts). */
export type NewCase = Omit<CaseEntity, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

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

  /** Open work of each user (cases assigned and not finished): the least loaded gets the next case. */
  async openWork(tx: ReadTx, userIds: readonly string[], as: 'radiologist' | 'typist'): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const column = as === 'radiologist' ? 'radiologist_id' : 'typist_id';
    const statuses =
      as === 'radiologist'
        ? ['PENDING FOR ACCEPTANCE', 'IN PROGRESS', 'PENDING AT TYPIST', 'PENDING FOR REVIEW']
        : ['PENDING AT TYPIST'];
    const rows = await typedRows(
      tx.manager,
      openWorkRow,
      `SELECT ${column} AS user_id, count(*) AS open FROM cases.cases
        WHERE ${column} = ANY(:userIds::uuid[]) AND status = ANY(:statuses::text[]) GROUP BY ${column}`,
      { userIds, statuses },
    );
    return new Map(userIds.map((id) => [id, rows.find((r) => r.user_id === id)?.open ?? 0]));
  }

  /** Temporary reach rule until core's: the caller's tenant (row-level security), narrowed by group and centres. */
  reachable(access: RequestAccess, row: CaseEntity): boolean {
    if (access.empty) return false;
    if (access.groupFilter !== null && row.groupId !== access.groupFilter) return false;
    if (access.centreFilter !== null && (row.centreId === null || !access.centreFilter.includes(row.centreId)))
      return false;
    return true;
  }
}
