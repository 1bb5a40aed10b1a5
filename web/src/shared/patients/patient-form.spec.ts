import { describe, expect, it } from '@jest/globals';
import { BILLING_API, PATIENT_FIELDS, PATIENT_MESSAGES, patientInputSchema, type Patient } from '@rayworks/contracts';
import { requiredMessage } from '@rayworks/validation';
import { checkBody, formErrors } from '../forms/form-checks';
import {
  ageAndGender,
  confirmedBody,
  duplicateWarning,
  formatBirthDate,
  isDuplicateConflict,
  patientBody,
  patientExtraChecks,
  patientValues,
  type PatientValues,
} from './patient-form';

const CENTRE = '0190a6b0-7c1e-7000-8000-000000000001';
const FIELDS = Object.values(PATIENT_FIELDS);
const patient = (over: Partial<Patient> = {}): Patient => ({
  _id: '0190a6b0-7c1e-7000-8000-0000000000aa',
  centreId: CENTRE,
  mrID: 'AND01-000042',
  patientName: 'Asha Rao',
  gender: 'Female',
  dateOfBirth: '1988-04-02',
  age: 38,
  phoneNumber: '9876543210',
  mergedInto: null,
  createdAt: '2026-05-01T04:00:00.000Z',
  updatedAt: '2026-05-01T04:00:00.000Z',
  ...over,
});
const typed = (over: Partial<PatientValues> = {}): PatientValues => ({
  ...patientValues(undefined, CENTRE),
  patientName: '  Asha Rao ',
  gender: 'Female',
  phoneNumber: '9876543210',
  ...over,
});
const newBody = (v: PatientValues) => ({ ...patientBody(v), centreId: v.centreId ?? '', allowDuplicate: false });

describe("the desk's patient form", () => {
  it('starts empty at the desk’s centre, or from the record it corrects (a told age, not one read from the birth date)', () => {
    expect(patientValues(undefined, CENTRE)).toEqual({
      patientName: '',
      gender: null,
      dateOfBirth: '',
      ageYears: '',
      phoneNumber: '',
      centreId: CENTRE,
    });
    expect(patientValues(patient())).toMatchObject({ dateOfBirth: '1988-04-02', ageYears: '', centreId: CENTRE });
    expect(patientValues(patient({ dateOfBirth: null, age: 61 }))).toMatchObject({ dateOfBirth: '', ageYears: '61' });
  });

  it('sends the birth date when given (never an age with it), else the told age as a number, else neither', () => {
    expect(patientBody(typed({ dateOfBirth: '1988-04-02', ageYears: '40' }))).toEqual({
      patientName: 'Asha Rao',
      gender: 'Female',
      dateOfBirth: '1988-04-02',
      ageYears: null,
      phoneNumber: '9876543210',
    });
    expect(patientBody(typed({ ageYears: '7' }))).toMatchObject({ dateOfBirth: null, ageYears: 7 });
    // an empty age is no age (z.coerce would have read '' as 0)
    expect(patientBody(typed())).toMatchObject({ dateOfBirth: null, ageYears: null });
  });

  it('passes the contract the server checks, for a new patient and a correction', () => {
    const created = checkBody(FIELDS, patientInputSchema, newBody(typed({ ageYears: '7' })));
    expect(created).toEqual({
      ok: true,
      body: {
        patientName: 'Asha Rao',
        gender: 'Female',
        dateOfBirth: null,
        ageYears: 7,
        phoneNumber: '9876543210',
        centreId: CENTRE,
        allowDuplicate: false,
      },
    });
    const updated = checkBody(FIELDS, BILLING_API.updatePatient.body, { ...patientBody(typed()), id: patient()._id });
    expect(updated.ok).toBe(true);
  });

  it("shows spec §5's messages for the mandatory fields and asks for the centre of a new patient only", () => {
    const empty = patientValues(undefined, null);
    const errors = formErrors(FIELDS, empty, (v) => patientExtraChecks(v, true));
    expect(errors).toEqual({
      patientName: requiredMessage('Patient Name'),
      gender: requiredMessage('Gender'),
      phoneNumber: requiredMessage('Phone Number'),
      centreId: requiredMessage('Centre'),
    });
    expect(patientExtraChecks(empty, false)).toEqual({ centreId: undefined });
  });

  it('refuses an age beyond the contract’s (the server would say the same)', () => {
    const result = checkBody(FIELDS, patientInputSchema, newBody(typed({ ageYears: '151' })));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual(['ageYears']);
  });
});

describe('the duplicate warning', () => {
  it("names the records' MR numbers in the server's words, and confirming sets allowDuplicate", () => {
    const found = [patient(), patient({ mrID: 'AND01-000043' })];
    expect(duplicateWarning(found)).toBe(PATIENT_MESSAGES.duplicate(['AND01-000042', 'AND01-000043']));
    expect(duplicateWarning(found)).toContain('AND01-000042, AND01-000043');
    const body = patientInputSchema.parse(newBody(typed()));
    expect(confirmedBody(body)).toEqual({ ...body, allowDuplicate: true });
    expect(body.allowDuplicate).toBe(false);
  });

  it('recognises only a 409 as the server’s duplicate refusal', () => {
    expect(isDuplicateConflict({ status: 409, message: 'x' })).toBe(true);
    for (const other of [{ status: 400 }, { status: 404 }, { status: null }, new Error('x'), null, undefined])
      expect(isDuplicateConflict(other)).toBe(false);
  });
});

describe('patient display', () => {
  it('shows the age with the gender, and a birth date as the calendar day it is', () => {
    expect(ageAndGender(patient())).toBe('38 yrs · Female');
    expect(ageAndGender(patient({ age: null, gender: 'Other' }))).toBe('Other');
    expect(formatBirthDate('1988-04-02')).toBe('02 Apr 1988');
    expect(formatBirthDate(null)).toBe('—');
  });
});
