import { Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { CaseCommentEntity } from './case-comment.entity.js';

/** The queries of cases.case_comments. */
@Injectable()
export class CaseCommentsRepository {
  /** The newest `limit` (+1, to tell whether there are more) messages of a case before `before`, newest first. */
  newest(tx: ReadTx, caseId: string, before: Date | undefined, limit: number): Promise<CaseCommentEntity[]> {
    return tx.repo(CaseCommentEntity).find({
      where: before ? { caseId, createdAt: LessThan(before) } : { caseId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit + 1,
    });
  }

  insert(
    tx: ChangeTx,
    row: Pick<CaseCommentEntity, 'tenantId' | 'caseId' | 'text' | 'authorId'>,
  ): Promise<CaseCommentEntity> {
    return tx.repo(CaseCommentEntity).save(tx.repo(CaseCommentEntity).create(row));
  }
}
