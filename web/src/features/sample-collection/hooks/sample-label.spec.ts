import { describe, expect, it } from '@jest/globals';
import type { Sample } from '@rayworks/contracts';
import { labelLines, labelsDocument } from './sample-label';

const sample = (over: Partial<Sample> = {}): Sample => ({
  _id: '00000000-0000-4000-8000-000000000001',
  barcode: 'L000000042',
  status: 'PENDING_COLLECTION',
  centreId: '00000000-0000-4000-8000-000000000002',
  groupId: null,
  registrationId: '00000000-0000-4000-8000-000000000003',
  registrationNumber: 'C1-V000001',
  patientId: '00000000-0000-4000-8000-000000000004',
  mrNumber: 'C1-000123',
  patientName: 'Asha <Rao>',
  gender: 'Female',
  dateOfBirth: null,
  sampleType: 'SERUM',
  container: 'RED_PLAIN',
  registeredAt: '2026-11-29T09:00:00.000Z',
  collectedBy: null,
  collectedAt: null,
  collectionPlace: null,
  acceptedBy: null,
  acceptedAt: null,
  rejectedBy: null,
  rejectedAt: null,
  rejectionReason: null,
  rejectionNote: null,
  recollectionOf: null,
  version: 1,
  orders: [
    { _id: 'a', registrationItemId: 'i1', testCode: 'LFT', testName: 'Liver', status: 'ORDERED' },
    { _id: 'b', registrationItemId: 'i2', testCode: 'KFT', testName: 'Kidney', status: 'CANCELLED' },
    { _id: 'c', registrationItemId: 'i3', testCode: 'LIPID', testName: 'Lipid', status: 'ORDERED' },
  ],
  ...over,
});

describe('a sample label (docs/decisions/0300)', () => {
  it('shows the patient, MR number, barcode, sample type and container, and the tests still ordered', () => {
    expect(labelLines(sample())).toEqual({
      patient: 'Asha <Rao>',
      mrNumber: 'MR C1-000123 · F',
      barcode: 'L000000042',
      sample: 'Serum · Red top (plain / clot activator)',
      tests: 'LFT, LIPID',
    });
  });

  it('is a 50 × 25 mm page per sample, its text escaped, the symbol stretched to the width', () => {
    const html = labelsDocument(
      [sample(), sample({ barcode: 'L000000043' })],
      (code) => `<svg viewBox="0 0 1 1">${code}</svg>`,
    );
    expect(html).toContain('@page { size: 50mm 25mm; margin: 0; }');
    expect(html.match(/class="label"/g)).toHaveLength(2);
    expect(html).toContain(
      '<div class="line name">Asha &lt;Rao&gt;</div>\n<div class="line mr">MR C1-000123 · F</div>',
    );
    expect(html).not.toContain('<Rao>');
    expect(html).toContain('<svg preserveAspectRatio="none" viewBox="0 0 1 1">L000000043</svg>');
  });
});
