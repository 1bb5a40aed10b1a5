import { describe, expect, it } from '@jest/globals';
import { annotationData, imageRefOf, measurementText } from './annotations';

const stats = (s: Record<string, unknown>) => ({ cachedStats: { 'imageId:x': s } });

describe('viewer annotations', () => {
  it('reads the UIDs of a wadors image id', () => {
    expect(
      imageRefOf('wadors:http://h/api/imaging/dicomweb/studies/1.2/series/1.2.3/instances/1.2.3.4/frames/2'),
    ).toEqual({ studyInstanceUid: '1.2', seriesInstanceUid: '1.2.3', sopInstanceUid: '1.2.3.4', frameNumber: 2 });
    expect(imageRefOf('wadouri:file.dcm')).toBeNull();
    expect(imageRefOf(null)).toBeNull();
  });

  it('words each measurement from its statistics', () => {
    expect(measurementText('Length', stats({ length: 42.14, unit: 'mm' }))).toBe('42.1 mm');
    expect(measurementText('Angle', stats({ angle: 37.49 }))).toBe('37.5°');
    expect(measurementText('Probe', stats({ value: -2, modalityUnit: 'HU' }))).toBe('-2.0 HU');
    expect(
      measurementText(
        'EllipticalROI',
        stats({ mean: 40.23, stdDev: 3.1, area: 120.33, areaUnit: 'mm²', modalityUnit: 'HU' }),
      ),
    ).toBe('mean 40.2 HU, SD 3.1, area 120.3 mm²');
    expect(measurementText('Length', {})).toBe('');
    expect(measurementText('Unknown', stats({ length: 1 }))).toBe('');
  });

  it('saves an annotation without its cached statistics', () => {
    const saved = annotationData({
      annotationUID: 'a',
      data: { handles: { points: [[0, 0, 0]] }, cachedStats: { x: 1 } },
    });
    expect(saved).toEqual({ annotationUID: 'a', data: { handles: { points: [[0, 0, 0]] } } });
  });
});
