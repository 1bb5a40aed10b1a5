import { describe, expect, it } from '@jest/globals';
import { ConflictException } from '@nestjs/common';
import { OUTSOURCING_MESSAGES } from '@rayworks/contracts';
import type { SampleOrderRow } from './manifests.repository.js';
import { allow, samplesOf } from './manifests.service.js';

const row = (sample: string, test: string, resulted = false): SampleOrderRow => ({
  sample_id: `00000000-0000-4000-8000-00000000000${sample}`,
  barcode: `L00000000${sample}`,
  mr_number: `MR-${sample}`,
  patient_name: `Patient ${sample}`,
  gender: 'Female',
  sample_type: 'SERUM',
  container: 'GOLD_SST',
  collected_at: null,
  accepted_at: new Date('2026-11-29T09:00:00Z'),
  order_id: `00000000-0000-4000-8000-0000000001${sample}${test.length}`,
  test_code: test,
  test_name: `${test} test`,
  resulted,
});

describe('a manifest’s rules (docs/decisions/0312)', () => {
  it('groups (sample, order) rows into samples with their orders, in the rows’ order', () => {
    const samples = samplesOf([row('1', 'VITD'), row('1', 'B12', true), row('2', 'VITD')]);
    expect(samples.map((s) => [s.barcode, s.orders.map((o) => [o.testCode, o.resulted])])).toEqual([
      [
        'L000000001',
        [
          ['VITD', false],
          ['B12', true],
        ],
      ],
      ['L000000002', [['VITD', false]]],
    ]);
  });

  it('answers the status a move leads to, or a 409 naming the status and the action', () => {
    expect(allow('DRAFT', 'manifest.dispatch')).toBe('DISPATCHED');
    expect(allow('DISPATCHED', 'manifest.complete')).toBe('COMPLETED');
    expect(() => allow('DISPATCHED', 'manifest.cancel')).toThrow(
      new ConflictException(OUTSOURCING_MESSAGES.notAllowed('DISPATCHED', 'cancelled')),
    );
    expect(OUTSOURCING_MESSAGES.notAllowed('RECEIVED_BY_LAB', 'dispatched')).toBe(
      'A manifest that is received by lab cannot be dispatched',
    );
  });
});
