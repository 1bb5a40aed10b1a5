import { describe, expect, it } from '@jest/globals';
import type { SeriesInfo } from './wado';
import { sharesWindow } from './window-link';

const series = (studyInstanceUid: string, seriesInstanceUid: string, modality: string): SeriesInfo => ({
  studyInstanceUid,
  seriesInstanceUid,
  modality,
  description: '',
  seriesNumber: 1,
  instanceCount: 10,
});

describe('which viewports share a window/level', () => {
  it('CT series always (Hounsfield units), a prior of the same modality, never two modalities', () => {
    expect(sharesWindow(series('s1', 'a', 'CT'), series('s1', 'b', 'CT'))).toBe(true);
    expect(sharesWindow(series('s1', 'a', 'MR'), series('s0', 'p', 'MR'))).toBe(true);
    expect(sharesWindow(series('s1', 'a', 'CT'), series('s0', 'p', 'MR'))).toBe(false);
  });

  it('not two different MR series of one study (a T1 beside a T2)', () => {
    expect(sharesWindow(series('s1', 'a', 'MR'), series('s1', 'b', 'MR'))).toBe(false);
  });
});
