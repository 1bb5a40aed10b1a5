import { ageOn, wallClock, type RangeSubject } from '@rayworks/contracts';

/** What the patient's age is counted from: the sample's days and the patient as registered. */
export interface PatientDays {
  gender: string;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  ageYears: number | null;
  registeredAt: Date;
  collectedAt: Date | null;
  acceptedAt: Date | null;
  /** The registering centre's time zone (IANA); null: UTC (samples registered before it was carried). */
  timeZone: string | null;
}

/** The calendar day (YYYY-MM-DD) an instant falls on at the centre. */
export function centreDayOf(instant: Date, timeZone: string | null): string {
  const { year, month, day } = wallClock(instant, timeZone ?? 'UTC');
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The patient the ranges judge and the lab report prints (docs/decisions/0306, 0374): their sex, and their age on the
 * centre's day the sample was collected (else accepted, else registered) — from the birth date, else from the age
 * told at the desk on the registration day. The day is the centre's, not UTC's: a birthday starts at the centre's
 * midnight.
 */
export function patientSubjectOf(p: PatientDays): RangeSubject {
  const on = centreDayOf(p.collectedAt ?? p.acceptedAt ?? p.registeredAt, p.timeZone);
  const registered = centreDayOf(p.registeredAt, p.timeZone);
  const age = p.dateOfBirth
    ? ageOn(p.dateOfBirth, on)
    : ageOn(p.ageYears ?? 0, on < registered ? registered : on, registered);
  return { sex: p.gender, age };
}

/** A sample's row as the worksheet and the lab report read it (the columns patientSubjectOf needs). */
export interface PatientDaysRow {
  gender: string;
  date_of_birth: string | null;
  age_years: number | null;
  registered_at: Date;
  collected_at: Date | null;
  accepted_at: Date | null;
  time_zone: string | null;
}

/** patientSubjectOf of a sample's row. */
export const patientSubjectOfRow = (row: PatientDaysRow): RangeSubject =>
  patientSubjectOf({
    gender: row.gender,
    dateOfBirth: row.date_of_birth,
    ageYears: row.age_years,
    registeredAt: row.registered_at,
    collectedAt: row.collected_at,
    acceptedAt: row.accepted_at,
    timeZone: row.time_zone,
  });
