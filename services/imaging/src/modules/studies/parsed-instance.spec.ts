import { describe, expect, it } from '@jest/globals';
import type { InstanceHeader } from '@rayworks/dicom';
import { describeInstance, InstanceDescriptionError } from './parsed-instance.js';

const header = (over: Partial<InstanceHeader> = {}): InstanceHeader => ({
  studyInstanceUid: '1.2.3',
  seriesInstanceUid: '1.2.3.4',
  sopInstanceUid: '1.2.3.4.5',
  sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
  transferSyntaxUid: '1.2.840.10008.1.2.1',
  patientName: 'Doe^Jane',
  patientId: 'P1',
  patientBirthDate: '19700101',
  patientSex: 'F',
  studyDate: '20240102',
  studyTime: '101010',
  accessionNumber: 'A1',
  studyId: '7',
  studyDescription: 'CT head',
  referringPhysicianName: null,
  modality: 'CT',
  seriesNumber: 2,
  seriesDescription: 'axial',
  bodyPartExamined: 'HEAD',
  instanceNumber: 3,
  rows: 512,
  columns: 512,
  numberOfFrames: 1,
  samplesPerPixel: 1,
  bitsAllocated: 16,
  photometricInterpretation: 'MONOCHROME2',
  pixelData: { offset: 1000, length: 524288, encapsulated: false },
  dicomJson: {
    '00080060': { vr: 'CS', Value: ['CT'] },
    '00100010': { vr: 'PN', Value: [{ Alphabetic: 'Doe^Jane' }] },
    '0020000D': { vr: 'UI', Value: ['1.2.3'] },
    '0020000E': { vr: 'UI', Value: ['1.2.3.4'] },
    '00200013': { vr: 'IS', Value: [3] },
  },
  bulkData: [],
  ...over,
});

describe('describeInstance', () => {
  it('keeps the identity, the pixel data location and the QIDO keys', () => {
    const d = describeInstance(header());
    expect(d).toMatchObject({
      studyInstanceUid: '1.2.3',
      seriesInstanceUid: '1.2.3.4',
      sopInstanceUid: '1.2.3.4.5',
      instanceNumber: 3,
      pixelData: { offset: 1000, length: 524288, encapsulated: false },
      study: { patientName: 'Doe^Jane', patientId: 'P1', studyDate: '20240102', accessionNumber: 'A1' },
      series: { modality: 'CT', seriesNumber: 2 },
    });
  });

  it('splits the DICOM JSON into study-level, series-level and the whole instance', () => {
    const d = describeInstance(header());
    expect(Object.keys(d.study.attributes).sort()).toEqual(['00100010', '0020000D']);
    expect(Object.keys(d.series.attributes).sort()).toEqual(['00080060', '0020000E']);
    expect(Object.keys(d.metadata)).toHaveLength(5);
  });

  it('keeps a study date only when it is a DICOM DA', () => {
    expect(describeInstance(header({ studyDate: '2024-01-02' })).study.studyDate).toBeNull();
  });

  it.each([
    ['a path in a UID', { sopInstanceUid: '../../evil' }, 'SOP Instance UID is not a valid UID'],
    ['a slash in a UID', { seriesInstanceUid: '1.2/3' }, 'Series Instance UID is not a valid UID'],
    ['a UID over 64 characters', { studyInstanceUid: `1.${'2'.repeat(64)}` }, 'Study Instance UID is not a valid UID'],
    ['no SOP Class UID', { sopClassUid: '' }, 'SOP Class UID is missing'],
  ])('refuses %s (the UIDs name the stored object)', (_, over, message) => {
    expect(() => describeInstance(header(over))).toThrow(new InstanceDescriptionError(message));
  });
});
