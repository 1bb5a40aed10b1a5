import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import type { PatientEventPayload } from '@rayworks/contracts';
import { prefixPattern, type ReadTx } from '@rayworks/nest-kit';
import { BillingPatientEntity } from './billing-patient.entity.js';

/** cases.billing_patients: written by the consumer from billing's events, read for the worklist's assignment. */
@Injectable()
export class BillingPatientsRepository {
  /** A patient as its last event carries it (the topic is compacted and keyed by patient: the last word wins). */
  async upsert(manager: EntityManager, tenantId: string, p: PatientEventPayload): Promise<void> {
    await manager.query(
      `INSERT INTO cases.billing_patients
         (id, tenant_id, centre_id, group_id, mr_number, patient_name, gender, date_of_birth, age_years, merged_into)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (id) DO UPDATE SET centre_id = EXCLUDED.centre_id, group_id = EXCLUDED.group_id,
         mr_number = EXCLUDED.mr_number, patient_name = EXCLUDED.patient_name, gender = EXCLUDED.gender,
         date_of_birth = EXCLUDED.date_of_birth, age_years = EXCLUDED.age_years, merged_into = EXCLUDED.merged_into,
         updated_at = now()`,
      [
        p.id,
        tenantId,
        p.centreId,
        p.groupId,
        p.mrNumber,
        p.patientName,
        p.gender,
        p.dateOfBirth,
        p.ageYears,
        p.mergedInto,
      ],
    );
  }

  /** A centre's patients (not merged away), by name; `search`: the start of the name or of the MR number. */
  ofCentre(tx: ReadTx, centreId: string, search: string | undefined, limit: number): Promise<BillingPatientEntity[]> {
    const qb = tx
      .repo(BillingPatientEntity)
      .createQueryBuilder('p')
      .where('p.centre_id = :centreId AND p.merged_into IS NULL', { centreId });
    if (search)
      qb.andWhere('(lower(p.patient_name) LIKE :starts OR lower(p.mr_number) LIKE :starts)', {
        starts: prefixPattern(search.toLowerCase()),
      });
    return qb.orderBy('lower(p.patient_name)', 'ASC').addOrderBy('p.mr_number', 'ASC').limit(limit).getMany();
  }

  /** One patient of the centre (not merged away), or null. */
  ofCentreById(tx: ReadTx, centreId: string, id: string): Promise<BillingPatientEntity | null> {
    return tx.repo(BillingPatientEntity).findOneBy({ id, centreId, mergedInto: IsNull() });
  }
}
