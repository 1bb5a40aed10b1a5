import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A front desk patient as the cases service knows it (cases.billing_patients): the read model of billing's
 * PatientRegistered / PatientUpdated (billing.patient.v1, compacted), from which the worklist assigns a patient of
 * the case's centre to a case (docs/decisions/0263). Only what a case takes and a picker shows: no phone number.
 */
@Entity({ name: 'billing_patients' })
export class BillingPatientEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'mr_number', type: 'text' })
  mrNumber!: string;

  @Column({ name: 'patient_name', type: 'text' })
  patientName!: string;

  @Column({ type: 'varchar', length: 8 })
  gender!: string;

  /** 'YYYY-MM-DD' as billing wrote it. */
  @Column({ name: 'date_of_birth', type: 'varchar', length: 10, nullable: true })
  dateOfBirth!: string | null;

  @Column({ name: 'age_years', type: 'smallint', nullable: true })
  ageYears!: number | null;

  @Column({ name: 'merged_into', type: 'uuid', nullable: true })
  mergedInto!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
