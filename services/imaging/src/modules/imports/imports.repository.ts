import { Injectable } from '@nestjs/common';
import { In, type Repository } from 'typeorm';
import type { ImportState, SkippedFile } from '@rayworks/contracts';
import type { ChangeTx, Principal, ReadTx } from '@rayworks/nest-kit';
import { ImportEntity } from './import.entity.js';

export type NewImport = Pick<
  ImportEntity,
  | 'id'
  | 'tenantId'
  | 'groupId'
  | 'centreId'
  | 'userId'
  | 'source'
  | 'studyId'
  | 'uploadKey'
  | 'uploadSize'
  | 'multipartUploadId'
  | 'partSize'
  | 'reachGroupId'
  | 'reachCentreIds'
  | 'reachEmpty'
>;

export interface ImportOutcome {
  studyInstanceUids: string[];
  instancesStored: number;
  instancesExisting: number;
  skipped: SkippedFile[];
}

/** The imports table's queries (imaging.imports): the only file with them; every call on the caller's unit of work. */
@Injectable()
export class ImportsRepository {
  async insert(tx: ChangeTx, row: NewImport): Promise<ImportEntity> {
    const repo = tx.repo(ImportEntity);
    await repo.insert({ ...row, state: 'AWAITING_UPLOAD' });
    return repo.findOneByOrFail({ id: row.id });
  }

  /**
   * An import the caller reaches (row-level security keeps it to the caller's company): any of the company's for
   * a tenant-level user, its group's for a group user, its centres' for a centre user.
   */
  async findVisible(tx: ReadTx, principal: Principal, id: string): Promise<ImportEntity | null> {
    const repo = tx.repo(ImportEntity);
    if (principal.level === 'tenant') return repo.findOneBy({ id });
    if (principal.level === 'group')
      return principal.groupId ? repo.findOneBy({ id, groupId: principal.groupId }) : null;
    if (principal.level === 'centre')
      return principal.centreIds.length ? repo.findOneBy({ id, centreId: In([...principal.centreIds]) }) : null;
    return null;
  }

  find(tx: ReadTx, id: string): Promise<ImportEntity | null> {
    return tx.repo(ImportEntity).findOneBy({ id });
  }

  /** The final size of a streamed upload, once completed (docs/decisions/0365). */
  async setUploadSize(tx: ChangeTx, id: string, size: number): Promise<void> {
    await tx.repo(ImportEntity).update({ id, state: 'AWAITING_UPLOAD' }, { uploadSize: size });
  }

  /** Moves the import from one of `from` to `to` (with the given fields); false when it was in none of them. */
  async transition(
    tx: ChangeTx,
    id: string,
    from: ImportState[],
    to: ImportState,
    fields: Partial<
      Pick<ImportEntity, 'error' | 'skipped' | 'studyInstanceUids' | 'instancesStored' | 'instancesExisting'>
    > = {},
  ): Promise<boolean> {
    const repo: Repository<ImportEntity> = tx.repo(ImportEntity);
    const result = await repo
      .createQueryBuilder()
      .update(ImportEntity)
      .set({ ...fields, state: to })
      .where('id = :id AND state IN (:...from)', { id, from })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  complete(tx: ChangeTx, id: string, outcome: ImportOutcome): Promise<boolean> {
    return this.transition(tx, id, ['PROCESSING'], 'COMPLETED', { ...outcome, error: null });
  }
}
