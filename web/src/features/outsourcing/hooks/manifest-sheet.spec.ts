import { describe, expect, it } from '@jest/globals';
import type { ManifestDetail } from '@rayworks/contracts';
import { manifestSheetDocument } from './manifest-sheet';

const manifest: ManifestDetail = {
  _id: '00000000-0000-4000-8000-000000000001',
  number: 'M0000042',
  labId: '00000000-0000-4000-8000-000000000002',
  labName: 'Metro <Reference> Lab',
  labCode: 'METRO',
  status: 'DISPATCHED',
  courier: 'BlueDart',
  trackingNote: 'AWB 123',
  created: { name: 'labadmin', at: '2026-11-29T09:00:00.000Z' },
  dispatched: { name: 'labadmin', at: '2026-11-29T10:00:00.000Z' },
  received: null,
  completedAt: null,
  cancelled: null,
  progress: { samples: 2, orders: 3, resulted: 0 },
  version: 2,
  samples: [
    {
      sampleId: '00000000-0000-4000-8000-000000000003',
      barcode: 'L000000007',
      mrNumber: 'C1-000123',
      patientName: 'Asha Rao',
      gender: 'Female',
      sampleType: 'SERUM',
      container: 'GOLD_SST',
      collectedAt: null,
      orders: [
        { orderId: '00000000-0000-4000-8000-000000000004', testCode: 'VITD', testName: 'Vitamin D', resulted: false },
        { orderId: '00000000-0000-4000-8000-000000000005', testCode: 'B12', testName: 'Vitamin B12', resulted: false },
      ],
    },
    {
      sampleId: '00000000-0000-4000-8000-000000000006',
      barcode: 'L000000009',
      mrNumber: 'C2-000777',
      patientName: 'Ravi Kumar',
      gender: 'Male',
      sampleType: 'SERUM',
      container: 'GOLD_SST',
      collectedAt: null,
      orders: [
        { orderId: '00000000-0000-4000-8000-000000000007', testCode: 'VITD', testName: 'Vitamin D', resulted: false },
      ],
    },
  ],
};

describe('the manifest sheet', () => {
  const drawn: string[] = [];
  const html = manifestSheetDocument(manifest, (text) => {
    drawn.push(text);
    return `<svg data-code="${text}"></svg>`;
  });

  it('draws the manifest number and every barcode in Code 128', () => {
    expect(drawn).toEqual(['L000000007', 'L000000009', 'M0000042']);
    expect(html).toContain('<svg preserveAspectRatio="none" data-code="L000000009">');
  });

  it('lists each sample with its patient, MR number, sample and the tests sent, in order', () => {
    const rows = [...html.matchAll(/<tr data-barcode="([^"]+)">([\s\S]*?)<\/tr>/g)];
    expect(rows.map((r) => r[1])).toEqual(['L000000007', 'L000000009']);
    expect(rows[0]![2]).toContain('C1-000123');
    expect(rows[0]![2]).toContain('VITD — Vitamin D<br>B12 — Vitamin B12');
    expect(rows[1]![2]).toContain('Ravi Kumar');
  });

  it('names the lab, the courier and the status, escaped', () => {
    expect(html).toContain('Metro &lt;Reference&gt; Lab (METRO)');
    expect(html).toContain('<dd>BlueDart</dd>');
    expect(html).toContain('<dd>Dispatched</dd>');
    expect(html).toContain('<title>Manifest M0000042</title>');
  });
});
