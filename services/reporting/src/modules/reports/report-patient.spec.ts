import { describe, expect, it } from '@jest/globals';
import { ageOf, isoDateOf } from './report-patient.js';
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
