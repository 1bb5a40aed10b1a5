import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import { ageOn as patientAgeOn, type Gender, type Patient } from '@rayworks/contracts';

/** billing.patients: a patient of one centre (docs/decisions/0218, 0247). */
@Entity({ name: 'patients' })
export class PatientEntity extends TenantRow {
  @Column({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  /** The centre's group when the patient was registered (the group's users reach its centres' patients). */
  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'mr_number', type: 'text' })
  mrNumber!: string;

  @Column({ name: 'patient_name', type: 'text' })
  patientName!: string;

  @Column({ type: 'varchar', length: 8 })
  gender!: Gender;

  /** 'YYYY-MM-DD' (a date column read as text: no time zone moves it). */
  @Column({ name: 'date_of_birth', type: 'date', nullable: true })
  dateOfBirth!: string | null;

  /** The age told at the desk when the birth date was not, and the day it was told. */
  @Column({ name: 'age_years', type: 'smallint', nullable: true })
  ageYears!: number | null;

  @Column({ name: 'age_recorded_on', type: 'date', nullable: true })
  ageRecordedOn!: string | null;

  @Column({ name: 'phone_number', type: 'text' })
  phoneNumber!: string;

  @Column({ name: 'merged_into', type: 'uuid', nullable: true })
  mergedInto!: string | null;

  /** The contract's view of this row; `today` ('YYYY-MM-DD', the centre's date) dates the age. */
  toPatient(today: string): Patient {
    return {
      _id: this.id,
      centreId: this.centreId,
      mrID: this.mrNumber,
      patientName: this.patientName,
      gender: this.gender,
      dateOfBirth: this.dateOfBirth,
      age: ageOn(today, this.dateOfBirth, this.ageYears, this.ageRecordedOn),
      phoneNumber: this.phoneNumber,
      mergedInto: this.mergedInto,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}

/**
 * The age in whole years on `today`: from the birth date, else the told age plus the years since it was told, else
 * null. The rule of years (a birthday counts on its day; 29 February on 1 March) is the contracts' `ageOn`, which the
 * laboratory's reference ranges use too (docs/decisions/0292).
 */
export function ageOn(
  today: string,
  dateOfBirth: string | null,
  ageYears: number | null,
  recordedOn: string | null,
): number | null {
  if (dateOfBirth) return patientAgeOn(dateOfBirth, today).years;
  if (ageYears === null) return null;
  return patientAgeOn(ageYears, today, recordedOn ?? today).years;
}
