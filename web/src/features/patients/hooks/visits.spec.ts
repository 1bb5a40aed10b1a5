import { describe, expect, it } from '@jest/globals';
import type { Registration, RegistrationItem } from '@rayworks/contracts';
import { chosenVisit, latestFirst, orderedSummary } from './visits';

const ID = (n: number) => `0190a6b0-7c1e-7000-8000-00000000000${n}`;
const item = (code: string, lineCode = code): RegistrationItem => ({
  itemId: ID(9),
  lineCode,
  kind: 'LAB',
  code,
  name: code,
  modality: null,
  accessionNumber: null,
  sampleType: 'Blood',
  packageCode: lineCode === code ? null : lineCode,
  status: 'ORDERED',
});
const visit = (n: number, registeredAt: string, items: RegistrationItem[] = []): Registration => ({
  _id: ID(n),
  registrationID: `C1-V00000${n}`,
  centreId: ID(0),
  patientId: ID(0),
  mrID: 'C1-000001',
  patientName: 'Asha',
  referralId: null,
  referredName: null,
  providerKind: 'Internal',
  priceKind: 'normal',
  invoiceId: ID(n),
  registeredAt,
  registeredBy: ID(0),
  items,
});
const visits = [
  visit(1, '2026-05-01T04:00:00.000Z'),
  visit(2, '2026-06-01T04:00:00.000Z'),
  visit(3, '2026-04-01T04:00:00.000Z'),
];

describe("a patient's visits", () => {
  it('opens the visit the billingID names, the latest for "latest", none for a visit that is not theirs', () => {
    expect(latestFirst(visits).map((v) => v.registrationID)).toEqual(['C1-V000002', 'C1-V000001', 'C1-V000003']);
    expect(chosenVisit(visits, 'latest')?._id).toBe(ID(2));
    expect(chosenVisit(visits, undefined)?._id).toBe(ID(2));
    expect(chosenVisit(visits, ID(3))?._id).toBe(ID(3));
    expect(chosenVisit(visits, ID(7))).toBeNull();
    expect(chosenVisit([], 'latest')).toBeNull();
  });

  it("sums up what a visit ordered by its invoice lines, a package's tests counted", () => {
    expect(orderedSummary(visit(1, '', [item('CT-HEAD'), item('LIPID', 'DIAB'), item('HBA1C', 'DIAB')]))).toBe(
      'CT-HEAD, DIAB (2 tests)',
    );
  });
});
