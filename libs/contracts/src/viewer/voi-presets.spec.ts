import { describe, expect, it } from '@jest/globals';
import { VOI_PRESETS, formatVoi, presetsForModality, voiPreset, voiRangeOf, windowOf } from './voi-presets.js';

describe('VOI presets', () => {
  it('has the four CT windows of the issue with their center/width', () => {
    expect(VOI_PRESETS.map((p) => [p.id, p.center, p.width])).toEqual([
      ['ct-brain', 40, 80],
      ['ct-lung', -600, 1500],
      ['ct-bone', 400, 1800],
      ['ct-abdomen', 40, 400],
    ]);
    expect(voiPreset('ct-lung')?.label).toBe('Lung');
    expect(voiPreset('mr-t1')).toBeUndefined();
  });

  it('offers them for CT only', () => {
    expect(presetsForModality('ct')).toHaveLength(4);
    expect(presetsForModality('MR')).toEqual([]);
    expect(presetsForModality(null)).toEqual([]);
  });

  it('turns a window into its displayed range and back (DICOM linear function)', () => {
    expect(voiRangeOf(40, 80)).toEqual({ lower: 0, upper: 79 });
    expect(voiRangeOf(-600, 1500)).toEqual({ lower: -1350, upper: 149 });
    expect(voiRangeOf(10, 0)).toEqual({ lower: 9.5, upper: 9.5 });
    for (const p of VOI_PRESETS)
      expect(windowOf(voiRangeOf(p.center, p.width))).toEqual({ center: p.center, width: p.width });
  });

  it('formats center,width rounded for the viewport attribute', () => {
    expect(formatVoi(40.4, 79.6)).toBe('40,80');
    expect(formatVoi(-600, 1500)).toBe('-600,1500');
  });
});
