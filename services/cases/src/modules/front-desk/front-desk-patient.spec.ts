import { describe, expect, it } from '@jest/globals';
import { casePatientOf } from './front-desk-patient.js';

describe("billing's patient as a case names it", () => {
  it('takes the MR number as the Patient ID, the sex as DICOM writes it and the birth date as YYYYMMDD', () => {
    expect(
      casePatientOf({ mrNumber: 'C1-000042', patientName: 'Asha Rao', gender: 'Female', dateOfBirth: '1984-02-29' }),
    ).toEqual({ patientName: 'Asha Rao', patientId: 'C1-000042', patientSex: 'F', patientBirthDate: '19840229' });
  });

  it.each([
    ['Male', 'M'],
    ['Other', 'O'],
    ['unknown', null],
  ])('gender %s → %s', (gender, sex) => {
    expect(casePatientOf({ mrNumber: 'M', patientName: 'N', gender, dateOfBirth: null }).patientSex).toBe(sex);
  });

  it('has no birth date when only the age was told, or the date is not a date', () => {
    expect(casePatientOf({ mrNumber: 'M', patientName: 'N', gender: 'Male', dateOfBirth: null }).patientBirthDate).toBe(
      null,
    );
    expect(
      casePatientOf({ mrNumber: 'M', patientName: 'N', gender: 'Male', dateOfBirth: '1984/02/29' }).patientBirthDate,
    ).toBe(null);
  });
});
