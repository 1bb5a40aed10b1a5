import { describe, expect, it } from '@jest/globals';
import type { DicomJsonObject } from '@rayworks/contracts';
import { bulkAt, bulkLocator, withBulkLocators, withoutBulkData, withPublicBulkDataUris } from './bulk-locator.js';

const kept: DicomJsonObject = withBulkLocators(
  {
    '00100010': { vr: 'PN', Value: [{ Alphabetic: 'Doe^Jane' }] },
    '54000100': { vr: 'SQ', Value: [{ '003A0005': { vr: 'US', Value: [12] } }] },
  },
  [
    { path: [], tag: '00431029', vr: 'OB', offset: 1000, length: 2068 },
    { path: ['54000100', 0], tag: '54001010', vr: 'OW', offset: 5000, length: 240000 },
    { path: [], tag: '7FE00010', vr: 'OW', offset: 9000, length: 32768 },
  ],
);

describe('bulk data locators in the kept DICOM JSON', () => {
  it('keeps where each bulk element but the top-level pixel data lies, also in sequence items', () => {
    expect(kept['00431029']).toEqual({ vr: 'OB', BulkDataURI: bulkLocator(1000, 2068) });
    expect((kept['54000100']!.Value![0] as DicomJsonObject)['54001010']).toEqual({
      vr: 'OW',
      BulkDataURI: bulkLocator(5000, 240000),
    });
    expect(kept['7FE00010']).toBeUndefined();
  });

  it('finds an element by its path, and nothing for another path', () => {
    expect(bulkAt(kept, '00431029')).toEqual({ vr: 'OB', offset: 1000, length: 2068 });
    expect(bulkAt(kept, '54000100.0.54001010')).toEqual({ vr: 'OW', offset: 5000, length: 240000 });
    expect(bulkAt(kept, '54000100.1.54001010')).toBeNull();
    expect(bulkAt(kept, '00100010')).toBeNull();
    expect(bulkAt(kept, '../00431029')).toBeNull();
  });

  it('turns locators into public BulkDataURIs, or drops them, and never sends one as it is', () => {
    const shown = withPublicBulkDataUris(kept, (path) => `/x/bulkdata/${path}`);
    expect(shown['00431029']).toEqual({ vr: 'OB', BulkDataURI: '/x/bulkdata/00431029' });
    expect((shown['54000100']!.Value![0] as DicomJsonObject)['54001010']!.BulkDataURI).toBe(
      '/x/bulkdata/54000100.0.54001010',
    );
    const bare = withoutBulkData(kept);
    expect(bare['00431029']).toBeUndefined();
    expect((bare['54000100']!.Value![0] as DicomJsonObject)['54001010']).toBeUndefined();
    expect(JSON.stringify([shown, bare])).not.toContain('rayworks-bulk');
  });
});
