import { describe, expect, it } from '@jest/globals';
import type { Case } from '@rayworks/contracts';
import { ageOf, isoDateOf, patientOf } from './report-patient.js';
import { signatureKeyOf } from './report-signer.js';

describe("the report's patient block", () => {
  it('reads DICOM and ISO dates', () => {
    expect(isoDateOf('19800215')).toBe('1980-02-15');
    expect(isoDateOf('1980-02-15')).toBe('1980-02-15');
    expect(isoDateOf('')).toBeNull();
    expect(isoDateOf('unknown')).toBeNull();
  });

  it('gives the age in whole years at the study, a birthday counting only once reached', () => {
    expect(ageOf('19800215', '20260214')).toBe('45Y');
    expect(ageOf('19800215', '20260215')).toBe('46Y');
    expect(ageOf(null, '20260215')).toBeNull();
    expect(ageOf('19800215', null, new Date('2000-02-16T00:00:00Z'))).toBe('20Y');
  });
});

describe('the signature copied at finalize', () => {
  it("lives under the report's own key, whatever the profile's object key holds", () => {
    expect(signatureKeyOf('t', 'r', 'profiles/u/signature.png')).toBe('reports/t/r/signature-profiles_u_signature.png');
  });
});

describe("the report's referrer (decision 0343)", () => {
  const caseOf = (referringPhysician: string | null) =>
    ({
      patientName: 'RAO^ASHA',
      patientBirthDate: null,
      studyDate: '20261127',
      patientSex: 'F',
      patientId: 'MR-7',
      accessionNumber: 'ACC-1',
      referringPhysician,
    }) as unknown as Case;

  it("prints the case's referrer, a DICOM person name read with its carets as spaces", () => {
    expect(patientOf(caseOf('IYER^MEERA^^DR')).referredName).toBe('IYER MEERA DR');
    expect(patientOf(caseOf('Dr. Meera Iyer')).referredName).toBe('Dr. Meera Iyer');
    expect(patientOf(caseOf('Dr. Meera Iyer')).registrationID).toBe('ACC-1');
  });

  it('leaves it empty when nobody referred the patient', () => {
    expect(patientOf(caseOf(null)).referredName).toBeNull();
    expect(patientOf(caseOf('  ')).referredName).toBeNull();
  });
});
