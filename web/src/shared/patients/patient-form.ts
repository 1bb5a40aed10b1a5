import {
  formatReportDay,
  PATIENT_MESSAGES,
  type Gender,
  type Patient,
  type patientInputSchema,
} from '@rayworks/contracts';
import { requiredMessage } from '@rayworks/validation';
import type { z } from 'zod';

/** The body of /patient/create (without the confirmation, which the duplicate warning adds). */
export type NewPatientBody = z.output<typeof patientInputSchema>;

/** The desk's patient form as typed: every field text, the gender and the centre chosen from lists. */
export interface PatientValues extends Record<string, unknown> {
  patientName: string;
  gender: Gender | null;
  /** 'YYYY-MM-DD' from the date input, or ''. */
  dateOfBirth: string;
  /** Whole years as typed (digits only), used when the birth date is not known. */
  ageYears: string;
  phoneNumber: string;
  centreId: string | null;
}

/** The form's label of the centre a new patient is registered at. */
export const CENTRE_LABEL = 'Centre';

/** A patient's values for the form: empty for a new patient at `centreId`, or the record's for a correction. */
export function patientValues(patient?: Patient, centreId: string | null = null): PatientValues {
  return {
    patientName: patient?.patientName ?? '',
    gender: patient?.gender ?? null,
    dateOfBirth: patient?.dateOfBirth ?? '',
    // a told age is kept; one read from the birth date is not typed again
    ageYears: patient && !patient.dateOfBirth && patient.age !== null ? String(patient.age) : '',
    phoneNumber: patient?.phoneNumber ?? '',
    centreId: patient?.centreId ?? centreId,
  };
}

/**
 * The values as the contract's body: trimmed text; the birth date when given (then no age: the server reads the age
 * from it), else the told age as a whole number, else neither. Digits only reach the age field (its keystroke
 * filter), and the contract checks the rest.
 */
export function patientBody(v: PatientValues) {
  const dateOfBirth = v.dateOfBirth.trim() === '' ? null : v.dateOfBirth.trim();
  const age = v.ageYears.trim();
  return {
    patientName: v.patientName.trim(),
    gender: v.gender ?? '',
    dateOfBirth,
    ageYears: dateOfBirth !== null || age === '' ? null : Number(age),
    phoneNumber: v.phoneNumber.trim(),
  };
}

/** What the definitions cannot say: a new patient needs the centre that registers them. */
export function patientExtraChecks(v: PatientValues, isNew: boolean): Record<string, string | undefined> {
  return { centreId: isNew && !v.centreId ? requiredMessage(CENTRE_LABEL) : undefined };
}

/** The front desk's warning about records that may be the same person, naming their MR numbers (the server's words). */
export const duplicateWarning = (duplicates: readonly Pick<Patient, 'mrID'>[]): string =>
  PATIENT_MESSAGES.duplicate(duplicates.map((p) => p.mrID));

/** A failed call that says the person is already registered (409): the desk may still confirm. */
export const isDuplicateConflict = (error: unknown): error is { status: 409; message: string } =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;

/** The desk's confirmation: register although a record of the same person exists. */
export const confirmedBody = (body: NewPatientBody): NewPatientBody => ({ ...body, allowDuplicate: true });

/** Today on the reader's clock, 'YYYY-MM-DD' (the latest birth date the date input offers). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "34 yrs · Female", or the gender alone when no age is known. */
export const ageAndGender = (p: Pick<Patient, 'age' | 'gender'>): string =>
  p.age === null ? p.gender : `${p.age} yrs · ${p.gender}`;

/** A birth date ('YYYY-MM-DD', a calendar day, not an instant) as spec §9's date, e.g. "2 Apr 1988"; '—' when none. */
export const formatBirthDate = (day: string | null): string => (day ? formatReportDay(`${day}T00:00:00Z`, 'UTC') : '—');
