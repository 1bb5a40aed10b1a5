import { Injectable } from '@nestjs/common';
import type { ViewerAnnotation } from '@rayworks/contracts';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { ViewerAnnotationEntity } from './viewer-annotation.entity.js';

/** The queries of cases.viewer_annotations. */
@Injectable()
export class ViewerAnnotationsRepository {
  ofCase(tx: ReadTx, caseId: string): Promise<ViewerAnnotationEntity[]> {
    return tx.repo(ViewerAnnotationEntity).find({ where: { caseId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  one(tx: ReadTx, caseId: string, id: string): Promise<ViewerAnnotationEntity | null> {
    return tx.repo(ViewerAnnotationEntity).findOne({ where: { caseId, id } });
  }

  count(tx: ReadTx, caseId: string): Promise<number> {
    return tx.repo(ViewerAnnotationEntity).count({ where: { caseId } });
  }

  /** Inserts, or replaces the annotation of the same id in the same case (its creator and creation time stay). */
  async upsert(
    tx: ChangeTx,
    row: { tenantId: string; caseId: string; userId: string; annotation: ViewerAnnotation },
  ): Promise<ViewerAnnotationEntity> {
    const a = row.annotation;
    const repo = tx.repo(ViewerAnnotationEntity);
    const existing = await repo.findOne({
      where: { caseId: row.caseId, id: a.id },
      lock: { mode: 'pessimistic_write' },
    });
    const fields = {
      kind: a.kind,
      toolName: a.toolName,
      studyInstanceUid: a.studyInstanceUid,
      seriesInstanceUid: a.seriesInstanceUid,
      sopInstanceUid: a.sopInstanceUid,
      frameNumber: a.frameNumber,
      label: a.label,
      value: a.value,
      data: a.data,
      updatedBy: row.userId,
    };
    if (existing) return repo.save(repo.merge(existing, fields));
    return repo.save(
      repo.create({ ...fields, id: a.id, caseId: row.caseId, tenantId: row.tenantId, createdBy: row.userId }),
    );
  }

  async remove(tx: ChangeTx, caseId: string, id: string): Promise<boolean> {
    const result = await tx.repo(ViewerAnnotationEntity).delete({ caseId, id });
    return (result.affected ?? 0) > 0;
  }
}
