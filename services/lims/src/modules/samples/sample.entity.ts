import { Column, Entity, VersionColumn } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type { CollectionPlace, SampleRejectionReason, SampleStatus } from '@rayworks/contracts';

/**
 * lims.samples: what is drawn from a patient for a registration — one per sample type and container — with its
 * barcode (unique in the company) and status (libs/contracts sample-states.ts; docs/decisions/0297, 0298). The
 * patient's name, MR number, sex and birth date are the registration event's.
 */
@Entity({ name: 'samples' })
export class SampleEntity extends TenantRow {
  @Column({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'registration_id', type: 'uuid' })
  registrationId!: string;

  @Column({ name: 'registration_number', type: 'text' })
  registrationNumber!: string;

  @Column({ name: 'registered_at', type: 'timestamptz' })
  registeredAt!: Date;

  /** billing's patient id. */
  @Column({ name: 'patient_id', type: 'uuid' })
  patientId!: string;

  @Column({ name: 'mr_number', type: 'text' })
  mrNumber!: string;

  @Column({ name: 'patient_name', type: 'text' })
  patientName!: string;

  @Column({ type: 'text' })
  gender!: string;

  /** YYYY-MM-DD */
  @Column({ name: 'date_of_birth', type: 'date', nullable: true })
  dateOfBirth!: string | null;

  /** The age told at the desk when no birth date was (whole years on the day of registration). */
  @Column({ name: 'age_years', type: 'integer', nullable: true })
  ageYears!: number | null;

  /** The registering centre's time zone (IANA), whose calendar the patient's age is counted on (null: UTC; 0374). */
  @Column({ name: 'time_zone', type: 'text', nullable: true })
  timeZone!: string | null;

  /** The patient's phone number as the registration gave it (Test Reporting offers it for the SMS). */
  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber!: string | null;

  @Column({ name: 'sample_type', type: 'text' })
  sampleType!: string;

  @Column({ type: 'text' })
  container!: string;

  @Column({ type: 'text' })
  barcode!: string;

  @Column({ type: 'varchar', length: 24 })
  status!: SampleStatus;

  @Column({ name: 'collected_by', type: 'uuid', nullable: true })
  collectedBy!: string | null;

  @Column({ name: 'collected_by_name', type: 'text', nullable: true })
  collectedByName!: string | null;

  @Column({ name: 'collected_at', type: 'timestamptz', nullable: true })
  collectedAt!: Date | null;

  @Column({ name: 'collection_place', type: 'varchar', length: 8, nullable: true })
  collectionPlace!: CollectionPlace | null;

  @Column({ name: 'accepted_by', type: 'uuid', nullable: true })
  acceptedBy!: string | null;

  @Column({ name: 'accepted_by_name', type: 'text', nullable: true })
  acceptedByName!: string | null;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;

  @Column({ name: 'rejected_by', type: 'uuid', nullable: true })
  rejectedBy!: string | null;

  @Column({ name: 'rejected_by_name', type: 'text', nullable: true })
  rejectedByName!: string | null;

  @Column({ name: 'rejected_at', type: 'timestamptz', nullable: true })
  rejectedAt!: Date | null;

  @Column({ name: 'rejection_reason', type: 'varchar', length: 32, nullable: true })
  rejectionReason!: SampleRejectionReason | null;

  @Column({ name: 'rejection_note', type: 'text', nullable: true })
  rejectionNote!: string | null;

  /** The rejected sample this one recollects. */
  @Column({ name: 'recollection_of', type: 'uuid', nullable: true })
  recollectionOf!: string | null;

  @VersionColumn({ type: 'int' })
  version!: number;
}
