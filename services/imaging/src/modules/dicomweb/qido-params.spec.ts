import { describe, expect, it } from '@jest/globals';
import { keywordOf, parseQidoQuery, QIDO_DEFAULT_LIMIT, QidoParameterError } from './qido-params.js';

describe('QIDO-RS query parameters', () => {
  it('reads matching keys by keyword or tag', () => {
    const q = parseQidoQuery('studies', {
      PatientName: 'doe*',
      '00100020': 'P1',
      AccessionNumber: 'A1',
      StudyDate: '20200101-',
      ModalitiesInStudy: 'CT,MR',
    });
    expect(q.study).toEqual({
      patientName: 'doe*',
      patientId: 'P1',
      accessionNumber: 'A1',
      studyDate: { from: '20200101', to: null },
      modalities: ['CT', 'MR'],
    });
    expect(q.limit).toBe(QIDO_DEFAULT_LIMIT);
    expect(q.offset).toBe(0);
  });

  it('reads UID lists given with commas or repeated, and refuses what is not a UID', () => {
    expect(parseQidoQuery('studies', { StudyInstanceUID: '1.2,1.3' }).study.studyInstanceUids).toEqual(['1.2', '1.3']);
    expect(parseQidoQuery('studies', { StudyInstanceUID: ['1.2', '1.3'] }).study.studyInstanceUids).toEqual([
      '1.2',
      '1.3',
    ]);
    expect(() => parseQidoQuery('studies', { StudyInstanceUID: '1.2,abc' })).toThrow(QidoParameterError);
  });

  it('reads includefield as keywords, tags or all', () => {
    expect(
      parseQidoQuery('studies', { includefield: ['StudyDescription', '00100030,00080090'] }).includeFields,
    ).toEqual(['00081030', '00100030', '00080090']);
    expect(parseQidoQuery('studies', { includefield: 'all' }).includeFields).toBe('all');
    expect(() => parseQidoQuery('studies', { includefield: 'Nonsense' })).toThrow(QidoParameterError);
  });

  it('reads limit and offset, accepts fuzzymatching, and refuses bad values', () => {
    const q = parseQidoQuery('studies', { limit: '50', offset: '100', fuzzymatching: 'true' });
    expect([q.limit, q.offset]).toEqual([50, 100]);
    for (const bad of [
      { limit: '0' },
      { limit: '5000' },
      { limit: 'x' },
      { offset: '-1' },
      { limit: ['1', '2'] },
      { fuzzymatching: 'maybe' },
    ])
      expect(() => parseQidoQuery('studies', bad)).toThrow(QidoParameterError);
  });

  it('refuses a parameter that names no attribute, a malformed date, and a nested value', () => {
    expect(() => parseQidoQuery('studies', { Nonsense: '1' })).toThrow(QidoParameterError);
    expect(() => parseQidoQuery('studies', { StudyDate: '2020' })).toThrow(QidoParameterError);
    expect(() => parseQidoQuery('studies', { PatientName: { a: '1' } })).toThrow(QidoParameterError);
  });

  it('ignores (and reports) a known attribute the level does not match on; a series key narrows series', () => {
    expect(parseQidoQuery('studies', { Modality: 'CT' }).ignored).toEqual(['Modality']);
    expect(parseQidoQuery('studies', { '00291010': 'x' }).ignored).toEqual(['00291010']);
    expect(parseQidoQuery('series', { Modality: 'CT', SeriesNumber: '3' }).series).toEqual({
      modalities: ['CT'],
      seriesNumber: 3,
    });
    expect(parseQidoQuery('instances', { SOPInstanceUID: '1.2.3' }).instance).toEqual({ sopInstanceUids: ['1.2.3'] });
  });

  it('treats an empty or lone * value as no constraint', () => {
    expect(parseQidoQuery('studies', { PatientName: '*', PatientID: '' }).study).toEqual({
      patientName: undefined,
      patientId: undefined,
    });
    expect(keywordOf('0020000d')).toBe('StudyInstanceUID');
  });

  it('takes any keyword of the DICOM dictionary: matched on the kept JSON at the query level, or ignored', () => {
    const q = parseQidoQuery('studies', {
      PatientAge: '045Y',
      InstitutionName: 'JFK*',
      StudyTime: '1000-1200',
      includefield: 'PatientAge,00080080',
    });
    expect(q.study.attributes).toEqual([
      { tag: '00101010', vr: 'AS', value: '045Y' },
      { tag: '00080080', vr: 'LO', value: 'JFK*' },
    ]);
    expect(q.study.studyTime).toEqual({ from: '1000', to: '1200' });
    expect(q.includeFields).toEqual(['00101010', '00080080']);
    const series = parseQidoQuery('series', { PerformedProcedureStepStartDate: '20200101-' });
    expect(series.series.attributes).toEqual([{ tag: '00400244', vr: 'DA', value: '20200101-' }]);
    // a sequence or binary attribute cannot be matched: ignored (Warning); a series key in a study query too
    expect(parseQidoQuery('studies', { ReferencedStudySequence: 'x', Modality: 'CT' }).ignored).toEqual([
      'ReferencedStudySequence',
      'Modality',
    ]);
    expect(() => parseQidoQuery('studies', { StudyTime: '1x' })).toThrow(QidoParameterError);
    expect(() => parseQidoQuery('studies', { NumberOfFrames: 'many' })).toThrow(QidoParameterError);
    expect(() => parseQidoQuery('studies', { NoSuchKeyword: '1' })).toThrow(QidoParameterError);
  });
});
