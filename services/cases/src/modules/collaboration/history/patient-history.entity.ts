import { Column, Entity, VersionColumn } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';

/**
 * One entry of a patient's clinical history (cases.patient_history): the patient is the company's centre and Patient
 * ID (docs/decisions/0218-patient-identity-and-priors.md), the case is where it was written. Edited at a version;
 * deleted softly (the audit trail keeps what was there).
 */
@Entity({ name: 'patient_history' })
export class PatientHistoryEntity extends TenantRow {
  @Column({ name: 'case_id', type: 'uuid' })
  caseId!: string;

  /** The centre of the case it was written on (null: a case of no centre, whose entries are its own alone). */
  @Column({ name: 'centre_id', type: 'uuid', nullable: true })
  centreId!: string | null;

  @Column({ name: 'patient_id', type: 'text' })
  patientId!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId!: string | null;

  @VersionColumn({ type: 'int' })
  version!: number;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @Column({ name: 'deleted_by', type: 'uuid', nullable: true })
  deletedBy!: string | null;
}
