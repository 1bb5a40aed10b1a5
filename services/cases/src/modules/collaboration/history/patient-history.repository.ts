import { Injectable } from '@nestjs/common';
import { IsNull, type FindOptionsWhere } from 'typeorm';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { PatientHistoryEntity } from './patient-history.entity.js';

/** Whose history: the patient of a case (its company by row-level security, its centre and Patient ID). */
export interface HistoryPatient {
  caseId: string;
  centreId: string | null;
  patientId: string;
}

/**
 * The patient's entries (docs/decisions/0218-patient-identity-and-priors.md): the same Patient ID in another centre is
 * another patient; a case of no centre or without a Patient ID has only its own entries.
 */
const ofThePatient = (p: HistoryPatient): FindOptionsWhere<PatientHistoryEntity> =>
  p.centreId === null || p.patientId.trim() === ''
    ? { caseId: p.caseId, deletedAt: IsNull() }
    : { centreId: p.centreId, patientId: p.patientId, deletedAt: IsNull() };

/** The queries of cases.patient_history (under row-level security: the tenant's rows only). */
@Injectable()
export class PatientHistoryRepository {
  /** The history of a case's patient, newest first (deleted entries left out). */
  ofPatient(tx: ReadTx, patient: HistoryPatient): Promise<PatientHistoryEntity[]> {
    return tx.repo(PatientHistoryEntity).find({
      where: ofThePatient(patient),
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 500,
    });
  }

  /** One live entry of this patient, locked for a change, or null (another patient's is as absent as a missing one). */
  findForChange(tx: ChangeTx, id: string, patient: HistoryPatient): Promise<PatientHistoryEntity | null> {
    return tx.repo(PatientHistoryEntity).findOne({
      where: { ...ofThePatient(patient), id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  insert(
    tx: ChangeTx,
    row: Pick<PatientHistoryEntity, 'tenantId' | 'caseId' | 'centreId' | 'patientId' | 'text' | 'authorId'>,
  ): Promise<PatientHistoryEntity> {
    return tx.repo(PatientHistoryEntity).save(tx.repo(PatientHistoryEntity).create(row));
  }

  /** Saves a changed entry (TypeORM raises `version`). */
  save(tx: ChangeTx, row: PatientHistoryEntity): Promise<PatientHistoryEntity> {
    return tx.repo(PatientHistoryEntity).save(row);
  }
}
