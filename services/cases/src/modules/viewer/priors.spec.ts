import { describe, expect, it } from '@jest/globals';
import { selectPriors, type PriorCandidate } from './priors.js';

const c = (over: Partial<PriorCandidate> & { caseId: string }): PriorCandidate => ({
  parentCaseId: null,
  studyInstanceUid: `1.2.${over.caseId}`,
  studyDate: null,
  studyDescription: null,
  modalities: ['CT'],
  receivedAt: new Date('2026-01-01T00:00:00Z'),
  ...over,
});

describe('selectPriors', () => {
  it('lists the other studies newest first (study date, then arrival), never the current one', () => {
    const out = selectPriors(
      [
        c({ caseId: 'a', studyDate: '20240101' }),
        c({ caseId: 'b', studyDate: '20250101' }),
        c({ caseId: 'cur', studyInstanceUid: '9.9' }),
        c({ caseId: 'n', studyDate: null, receivedAt: new Date('2026-05-01T00:00:00Z') }),
        c({ caseId: 'm', studyDate: null, receivedAt: new Date('2026-06-01T00:00:00Z') }),
      ],
      '9.9',
      10,
    );
    expect(out.map((p) => p.caseId)).toEqual(['b', 'a', 'm', 'n']);
  });

  it('keeps one entry per study: the whole case before its split parts, else the newest case', () => {
    const out = selectPriors(
      [
        c({ caseId: 'part', studyInstanceUid: '5.5', parentCaseId: 'whole' }),
        c({ caseId: 'whole', studyInstanceUid: '5.5' }),
        c({ caseId: 'old', studyInstanceUid: '6.6', receivedAt: new Date('2025-01-01T00:00:00Z') }),
        c({ caseId: 'new', studyInstanceUid: '6.6', receivedAt: new Date('2025-06-01T00:00:00Z') }),
      ],
      '9.9',
      10,
    );
    expect(out.map((p) => [p.studyInstanceUid, p.caseId])).toEqual([
      ['5.5', 'whole'],
      ['6.6', 'new'],
    ]);
  });

  it('skips cases without a study and keeps at most max', () => {
    const rows = [c({ caseId: 'x', studyInstanceUid: null }), ...['1', '2', '3'].map((id) => c({ caseId: id }))];
    expect(selectPriors(rows, '9.9', 2)).toHaveLength(2);
    expect(selectPriors(rows, '9.9', 0)).toEqual([]);
  });
});
