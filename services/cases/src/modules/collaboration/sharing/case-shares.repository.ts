import { Injectable } from '@nestjs/common';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { CaseEntity } from '../../cases/case.entity.js';
import { CaseShareEntity } from './case-share.entity.js';

/** The queries of cases.case_shares (and the shared case itself, read by the link, not by a user's reach). */
@Injectable()
export class CaseSharesRepository {
  insert(
    tx: ChangeTx,
    row: Pick<CaseShareEntity, 'tenantId' | 'caseId' | 'tokenHash' | 'expiresAt' | 'createdBy'>,
  ): Promise<CaseShareEntity> {
    return tx.repo(CaseShareEntity).save(tx.repo(CaseShareEntity).create(row));
  }

  /** The link of this token hash in the transaction's company, or null. */
  byTokenHash(tx: ReadTx, tokenHash: string): Promise<CaseShareEntity | null> {
    return tx.repo(CaseShareEntity).findOneBy({ tokenHash });
  }

  /** The case a link names (row-level security keeps it to the link's company). */
  sharedCase(tx: ReadTx, caseId: string): Promise<CaseEntity | null> {
    return tx.repo(CaseEntity).findOneBy({ id: caseId });
  }
}
