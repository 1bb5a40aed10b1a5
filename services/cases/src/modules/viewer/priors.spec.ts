import { describe, expect, it } from '@jest/globals';
import { priorRelevance, priorTiming, selectPriors, type CurrentStudy, type PriorCandidate } from './priors.js';

const c = (over: Partial<PriorCandidate> & { caseId: string }): PriorCandidate => ({
  parentCaseId: null,
  studyInstanceUid: `1.2.${over.caseId}`,
  studyDate: null,
  studyDescription: null,
  modalities: ['CT'],
  bodyPart: null,
  instanceCount: 100,
  receivedAt: new Date('2026-01-01T00:00:00Z'),
  ...over,
});

const now: CurrentStudy = {
  studyInstanceUid: '9.9',
  studyDate: '20261101',
  modalities: ['CT'],
  bodyPart: 'CHEST',
  receivedAt: new Date('2026-11-01T09:00:00Z'),
};

const ids = (out: { caseId: string | null }[]) => out.map((p) => p.caseId);

describe('priorRelevance', () => {
  it('ranks the same modality and body part, then the modality with a body part unknown, then the body part', () => {
    const cur = { modalities: ['CT'], bodyPart: 'Chest' };
    expect(priorRelevance(cur, { modalities: ['CT', 'SR'], bodyPart: ' CHEST ' })).toBe('same-modality-and-body-part');
    expect(priorRelevance(cur, { modalities: ['ct'], bodyPart: null })).toBe('same-modality');
    expect(priorRelevance({ modalities: ['CT'], bodyPart: '' }, { modalities: ['CT'], bodyPart: 'HEAD' })).toBe(
      'same-modality',
    );
    expect(priorRelevance(cur, { modalities: ['CR'], bodyPart: 'CHEST' })).toBe('same-body-part');
    expect(priorRelevance(cur, { modalities: ['CT'], bodyPart: 'HEAD' })).toBe('same-modality-other-body-part');
    expect(priorRelevance(cur, { modalities: ['MR'], bodyPart: null })).toBe('other');
  });
});

describe('priorTiming', () => {
  it('compares days: the study date, else the day the study arrived', () => {
    expect(priorTiming(now, { studyDate: '20250301', receivedAt: null })).toBe('before');
    expect(priorTiming(now, { studyDate: '20261101', receivedAt: null })).toBe('same-day');
    expect(priorTiming(now, { studyDate: null, receivedAt: new Date('2026-11-01T23:00:00Z') })).toBe('same-day');
    expect(priorTiming(now, { studyDate: '20261201', receivedAt: null })).toBe('after');
    expect(priorTiming({ studyDate: null, receivedAt: null }, { studyDate: '20250301', receivedAt: null })).toBe(
      'unknown',
    );
  });
});

describe('selectPriors', () => {
  it('puts a same-day one-image study after the older studies, the relevant ones first', () => {
    const out = selectPriors(
      [
        // the case: a one-image study of the same day, arrived last, was listed first
        c({ caseId: 'same-day', studyDate: '20261101', instanceCount: 1, receivedAt: new Date('2026-11-01T10:00Z') }),
        c({ caseId: 'mr-2026', studyDate: '20260901', modalities: ['MR'], bodyPart: 'CHEST' }),
        c({ caseId: 'ct-head-2026', studyDate: '20261001', bodyPart: 'HEAD' }),
        c({ caseId: 'ct-chest-2024', studyDate: '20240101', bodyPart: 'CHEST' }),
        c({ caseId: 'ct-chest-2025', studyDate: '20250301', bodyPart: 'CHEST' }),
        c({ caseId: 'cr-2025', studyDate: '20250601', modalities: ['CR'], bodyPart: null }),
        c({ caseId: 'later', studyDate: '20261201', bodyPart: 'CHEST' }),
        c({ caseId: 'cur', studyInstanceUid: '9.9' }),
      ],
      now,
      10,
    );
    expect(ids(out)).toEqual([
      'ct-chest-2025',
      'ct-chest-2024',
      'mr-2026',
      'ct-head-2026',
      'cr-2025',
      'same-day',
      'later',
    ]);
    expect(out[0]).toMatchObject({ timing: 'before', relevance: 'same-modality-and-body-part', bodyPart: 'CHEST' });
    expect(out.find((p) => p.caseId === 'same-day')).toMatchObject({ timing: 'same-day', instanceCount: 1 });
  });

  it('without body parts: the same modality, newest first (study date, then arrival); undated ones last', () => {
    const cur = { ...now, bodyPart: null };
    const out = selectPriors(
      [
        c({ caseId: 'a', studyDate: '20240101' }),
        c({ caseId: 'b', studyDate: '20250101' }),
        c({ caseId: 'us', studyDate: '20250601', modalities: ['US'] }),
        c({ caseId: 'cur', studyInstanceUid: '9.9' }),
        c({ caseId: 'n', studyDate: null, receivedAt: null }),
        c({ caseId: 'm', studyDate: '20230101', receivedAt: new Date('2026-06-01T00:00:00Z') }),
        c({ caseId: 'm2', studyDate: '20230101', receivedAt: new Date('2026-07-01T00:00:00Z') }),
      ],
      cur,
      10,
    );
    expect(ids(out)).toEqual(['b', 'a', 'm2', 'm', 'us', 'n']);
  });

  it('keeps one entry per study: the whole case before its split parts, else the newest case', () => {
    const out = selectPriors(
      [
        c({ caseId: 'part', studyInstanceUid: '5.5', parentCaseId: 'whole', studyDate: '20250101' }),
        c({ caseId: 'whole', studyInstanceUid: '5.5', studyDate: '20250101' }),
        c({ caseId: 'old', studyInstanceUid: '6.6', studyDate: '20240101', receivedAt: new Date('2025-01-01Z') }),
        c({ caseId: 'new', studyInstanceUid: '6.6', studyDate: '20240101', receivedAt: new Date('2025-06-01Z') }),
      ],
      now,
      10,
    );
    expect(out.map((p) => [p.studyInstanceUid, p.caseId])).toEqual([
      ['5.5', 'whole'],
      ['6.6', 'new'],
    ]);
  });

  it('skips cases without a study and keeps at most max (the most relevant)', () => {
    const rows = [
      c({ caseId: 'x', studyInstanceUid: null }),
      c({ caseId: 'same-day', studyDate: '20261101' }),
      ...['20240101', '20250101', '20230101'].map((d) => c({ caseId: d, studyDate: d })),
    ];
    expect(ids(selectPriors(rows, now, 2))).toEqual(['20250101', '20240101']);
    expect(selectPriors(rows, now, 0)).toEqual([]);
  });
});
