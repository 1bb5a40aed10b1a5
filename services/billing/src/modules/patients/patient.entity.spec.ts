import { describe, expect, it } from '@jest/globals';
import { ageOn } from './patient.entity.js';
import { mrNumberOf } from './patients.service.js';

describe("a patient's age", () => {
  it('counts whole years, the birthday on its day; 29 February turns a year older on 1 March', () => {
    expect(ageOn('2026-06-14', '1984-06-15', null, null)).toBe(41);
    expect(ageOn('2026-06-15', '1984-06-15', null, null)).toBe(42);
    expect(ageOn('2026-02-28', '2000-02-29', null, null)).toBe(25);
    expect(ageOn('2026-03-01', '2000-02-29', null, null)).toBe(26);
  });

  it('comes from the birth date, else from the age told plus the years since it was told, else is unknown', () => {
    expect(ageOn('2026-11-28', '1990-12-01', 99, '2020-01-01')).toBe(35);
    expect(ageOn('2026-11-28', null, 40, '2024-11-28')).toBe(42);
    expect(ageOn('2026-11-28', null, 40, '2026-01-01')).toBe(40);
    expect(ageOn('2026-11-28', null, null, null)).toBeNull();
    // a birth date after today (a typing slip) is no negative age
    expect(ageOn('2026-11-28', '2027-01-01', null, null)).toBe(0);
  });
});

describe('an MR number', () => {
  it("is the centre's code and its counter, six digits wide (wider once past a million)", () => {
    expect(mrNumberOf('BLR01', 42)).toBe('BLR01-000042');
    expect(mrNumberOf('BLR01', 1234567)).toBe('BLR01-1234567');
  });
});
