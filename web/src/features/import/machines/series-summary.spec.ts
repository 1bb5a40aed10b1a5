/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { seriesSummaryOf, seriesTitle, studyFacts, studyTitle, uidHover, type SeriesSummary } from './series-summary';

/** Real DICOM files published by others (Debian's python3-pydicom), never committed. */
const TEST_FILES = '/usr/lib/python3/dist-packages/pydicom/data/test_files/';

const summary = (over: Partial<SeriesSummary> = {}): SeriesSummary => ({
  studyInstanceUid: '1.2.3',
  seriesInstanceUid: '1.2.3.4',
  studyDescription: 'CT chest',
  seriesDescription: 'Axial 5 mm',
  seriesNumber: 2,
  modality: 'CT',
  studyDate: '20260310',
  ...over,
});

describe("the import tree's study and series lines", () => {
  it('reads a real header: the UIDs and the modality, from the start of the file', () => {
    const bytes = new Uint8Array(readFileSync(`${TEST_FILES}CT_small.dcm`));
    const read = seriesSummaryOf(bytes.subarray(0, Math.min(bytes.length, 64 * 1024)));
    expect(read).toMatchObject({ modality: 'CT' });
    expect(read!.seriesInstanceUid).toMatch(/^[0-9.]+$/);
    expect(read!.studyInstanceUid).toMatch(/^[0-9.]+$/);
  });

  it('answers null for what is not DICOM', () => {
    expect(seriesSummaryOf(new TextEncoder().encode('not a dicom file'))).toBeNull();
  });

  it('names a series by number and description, and falls back to its folder', () => {
    expect(seriesTitle('1.2.3.4', summary())).toBe('Series 2 · Axial 5 mm');
    expect(seriesTitle('1.2.3.4', summary({ seriesDescription: null }))).toBe('Series 2');
    expect(seriesTitle('1.2.3.4', summary({ seriesNumber: null, seriesDescription: 'Scout' }))).toBe('Series · Scout');
    expect(seriesTitle('1.2.3.4', undefined)).toBe('Series 1.2.3.4');
  });

  it("names a study by its description, and tells its modalities and date in spec §9's format", () => {
    expect(studyTitle('1.2.3', summary())).toBe('CT chest');
    expect(studyTitle('1.2.3', summary({ studyDescription: null }))).toBe('Study 1.2.3');
    expect(studyFacts([summary(), summary({ modality: 'SR', studyDate: null }), undefined])).toEqual([
      'CT, SR',
      '10 Mar 2026',
    ]);
    expect(studyFacts([undefined])).toEqual([]);
  });

  it('keeps the UID on hover, with the folder when it differs', () => {
    expect(uidHover('1.2.3', '1.2.3')).toBe('1.2.3');
    expect(uidHover('Exam1', '1.2.3')).toBe('1.2.3 (folder Exam1)');
    expect(uidHover('Exam1', undefined)).toBe('Exam1');
  });
});
