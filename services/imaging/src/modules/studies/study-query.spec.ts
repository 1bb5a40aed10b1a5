import { describe, expect, it } from '@jest/globals';
import { QueryParams, type RequestAccess } from '@rayworks/nest-kit';
import {
  FilterError,
  likePattern,
  parseDateRange,
  reachSql,
  seriesFilterSql,
  studyFilterSql,
  instanceFilterSql,
} from './study-query.js';

const access = (over: Partial<RequestAccess>): RequestAccess =>
  ({ groupFilter: null, centreFilter: null, empty: false, ...over }) as RequestAccess;

describe('study matching → SQL', () => {
  it('turns DICOM wildcards into an upper-case LIKE pattern and escapes LIKE characters', () => {
    expect(likePattern('doe*')).toBe('DOE%');
    expect(likePattern('d?e^jane')).toBe('D_E^JANE');
    expect(likePattern('50%_off\\x*')).toBe('50\\%\\_OFF\\\\X%');
    expect(likePattern('Ab*', false)).toBe('Ab%');
  });

  it('reads a date, closed and open ranges; refuses anything else', () => {
    expect(parseDateRange('20200101')).toEqual({ from: '20200101', to: '20200101' });
    expect(parseDateRange('20200101-20201231')).toEqual({ from: '20200101', to: '20201231' });
    expect(parseDateRange('-20201231')).toEqual({ from: null, to: '20201231' });
    expect(parseDateRange('20200101-')).toEqual({ from: '20200101', to: null });
    expect(parseDateRange('2020.01.01')).toEqual({ from: '20200101', to: '20200101' });
    for (const bad of ['2020', '-', '20201231-20200101', '2020-01-01', 'x', '20200101-2020'])
      expect(() => parseDateRange(bad)).toThrow(FilterError);
  });

  it('matches PatientName case-insensitively, with a pattern only when it has wildcards; values are parameters', () => {
    const p = new QueryParams();
    expect(studyFilterSql({ patientName: 'Doe*', patientId: 'P1' }, p)).toEqual([
      's.patient_name_upper ~>=~ :p0',
      's.patient_name_upper ~<~ :p1',
      's.patient_name_upper LIKE :p2',
      's.patient_id = :p3',
    ]);
    expect(p.values).toEqual({ p0: 'DOE', p1: 'DOF', p2: 'DOE%', p3: 'P1' });
    const q = new QueryParams();
    expect(studyFilterSql({ patientName: "o'brien" }, q)).toEqual(['s.patient_name_upper = :p0']);
    expect(q.values).toEqual({ p0: "O'BRIEN" });
    const r = new QueryParams();
    // no literal prefix: the pattern alone (a scan of the tenant's rows)
    expect(studyFilterSql({ patientName: '*oe^j?ne' }, r)).toEqual(['s.patient_name_upper LIKE :p0']);
    expect(r.values).toEqual({ p0: '%OE^J_NE' });
  });

  it('matches date bounds, UID lists and any of the modalities', () => {
    const p = new QueryParams();
    expect(
      studyFilterSql(
        {
          studyDate: { from: '20200101', to: null },
          studyInstanceUids: ['1.2', '1.3'],
          modalities: ['mr'],
          accessionNumber: 'A*',
        },
        p,
      ),
    ).toEqual([
      's.accession_number LIKE :p0',
      's.study_instance_uid = ANY(:p1::text[])',
      's.modalities && :p2::text[]',
      's.study_date >= :p3',
    ]);
    expect(p.values).toEqual({ p0: 'A%', p1: ['1.2', '1.3'], p2: ['MR'], p3: '20200101' });
  });

  it('matches series and instance keys', () => {
    const p = new QueryParams();
    expect(seriesFilterSql({ modalities: ['ct'], seriesNumber: 2 }, p)).toEqual([
      'upper(se.modality) = ANY(:p0::text[])',
      'se.series_number = :p1',
    ]);
    expect(instanceFilterSql({ sopInstanceUids: ['1.2.3'], instanceNumber: 4 }, p)).toEqual([
      'i.sop_instance_uid = ANY(:p2::text[])',
      'i.instance_number = :p3',
    ]);
  });

  it("narrows to the request's reach: nothing, a group, centres, or the whole tenant", () => {
    const p = new QueryParams();
    expect(reachSql(access({ empty: true }), p)).toEqual(['false']);
    expect(reachSql(access({}), p)).toEqual([]);
    expect(reachSql(access({ groupFilter: 'g1' }), p)).toEqual(['s.group_id = :p0::uuid']);
    expect(reachSql(access({ centreFilter: ['c1', 'c2'] }), p)).toEqual(['s.centre_id = ANY(:p1::uuid[])']);
    expect(p.values).toEqual({ p0: 'g1', p1: ['c1', 'c2'] });
  });

  it("narrows a study token's request to its studies alone (docs/decisions/0164)", () => {
    const p = new QueryParams();
    expect(reachSql(access({ studies: ['1.2.3', '1.2.4'] }), p)).toEqual(['s.study_instance_uid = ANY(:p0::text[])']);
    expect(reachSql(access({ studies: [] }), p)).toEqual(['s.study_instance_uid = ANY(:p1::text[])']);
    expect(reachSql(access({ studies: null }), p)).toEqual([]);
    expect(p.values).toEqual({ p0: ['1.2.3', '1.2.4'], p1: [] });
  });
});
