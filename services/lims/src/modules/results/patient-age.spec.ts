import { describe, expect, it } from '@jest/globals';
import { centreDayOf, patientSubjectOf, type PatientDays } from './patient-age.js';

const patient = (over: Partial<PatientDays>): PatientDays => ({
  gender: 'Female',
  dateOfBirth: '2000-12-01',
  ageYears: null,
  registeredAt: new Date('2026-11-30T10:00:00Z'),
  collectedAt: null,
  acceptedAt: null,
  timeZone: 'Asia/Kolkata',
  ...over,
});

describe("the patient's age on the centre's day (docs/decisions/0374)", () => {
  it('counts a birthday from the centre’s midnight, not UTC’s', () => {
    // 30 Nov 2026 20:00 UTC is 1 Dec 2026 01:30 in Kolkata: her 26th birthday there, still the 30th in UTC
    const collectedAt = new Date('2026-11-30T20:00:00Z');
    expect(centreDayOf(collectedAt, 'Asia/Kolkata')).toBe('2026-12-01');
    expect(patientSubjectOf(patient({ collectedAt })).age.years).toBe(26);
    expect(patientSubjectOf(patient({ collectedAt, timeZone: 'UTC' })).age.years).toBe(25);
    // a minute before the centre's midnight she is still 25
    const before = new Date('2026-11-30T18:29:00Z');
    expect(centreDayOf(before, 'Asia/Kolkata')).toBe('2026-11-30');
    expect(patientSubjectOf(patient({ collectedAt: before })).age.years).toBe(25);
  });

  it('counts west of UTC too: the UTC day may already be the birthday while the centre’s is not', () => {
    const collectedAt = new Date('2026-12-01T03:00:00Z'); // 30 Nov 22:00 in New York
    const ny = patient({ collectedAt, timeZone: 'America/New_York' });
    expect(patientSubjectOf(ny).age.years).toBe(25);
    expect(patientSubjectOf({ ...ny, timeZone: null }).age.years).toBe(26);
  });

  it('takes the age told at the desk on the centre’s registration day when no birth date was given', () => {
    const told = patient({
      dateOfBirth: null,
      ageYears: 40,
      registeredAt: new Date('2026-11-30T20:00:00Z'),
      collectedAt: new Date('2026-11-30T21:00:00Z'),
    });
    expect(patientSubjectOf(told)).toEqual({ sex: 'Female', age: expect.objectContaining({ years: 40 }) });
  });
});
