import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';
import { CaseRatingEntity } from './case-rating.entity.js';

const idRow = z.object({ id: z.uuid() });

/** The queries of cases.case_ratings. */
@Injectable()
export class CaseRatingsRepository {
  ofCase(tx: ReadTx, caseId: string): Promise<CaseRatingEntity[]> {
    return tx.repo(CaseRatingEntity).find({ where: { caseId }, order: { updatedAt: 'DESC', id: 'DESC' } });
  }

  /** The user's rating of the case, created or replaced (one per user and case, even under a race). */
  async upsert(
    tx: ChangeTx,
    row: Pick<CaseRatingEntity, 'tenantId' | 'caseId' | 'userId' | 'stars' | 'feedback'>,
  ): Promise<CaseRatingEntity> {
    const [saved] = await typedRows(
      tx.manager,
      idRow,
      `INSERT INTO cases.case_ratings (tenant_id, case_id, user_id, stars, feedback)
       VALUES (:tenantId, :caseId, :userId, :stars, :feedback)
       ON CONFLICT (case_id, user_id) DO UPDATE SET stars = EXCLUDED.stars, feedback = EXCLUDED.feedback,
         updated_at = now()
       RETURNING id`,
      { ...row },
    );
    return tx.repo(CaseRatingEntity).findOneByOrFail({ id: saved!.id });
  }
}
