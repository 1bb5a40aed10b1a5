import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { PatientHistoryEntity } from './patient-history.entity.js';

/** The queries of cases.patient_history (under row-level security: the tenant's rows only). */
@Injectable()
export class PatientHistoryRepository {
  /** The history of a patient of the company, newest first (deleted entries left out). */
  ofPatient(tx: ReadTx, patientId: string): Promise<PatientHistoryEntity[]> {
    return tx.repo(PatientHistoryEntity).find({
      where: { patientId, deletedAt: IsNull() },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 500,
    });
  }

  /** One live entry of this patient, locked for a change, or null. */
  findForChange(tx: ChangeTx, id: string, patientId: string): Promise<PatientHistoryEntity | null> {
    return tx.repo(PatientHistoryEntity).findOne({
      where: { id, patientId, deletedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
  }

  insert(
    tx: ChangeTx,
    row: Pick<PatientHistoryEntity, 'tenantId' | 'caseId' | 'patientId' | 'text' | 'authorId'>,
  ): Promise<PatientHistoryEntity> {
    return tx.repo(PatientHistoryEntity).save(tx.repo(PatientHistoryEntity).create(row));
  }

  /** Saves a changed entry (TypeORM raises `version`). */
  save(tx: ChangeTx, row: PatientHistoryEntity): Promise<PatientHistoryEntity> {
    return tx.repo(PatientHistoryEntity).save(row);
  }
}
