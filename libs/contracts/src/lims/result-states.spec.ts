import { describe, expect, it } from '@jest/globals';
import { nextResult, RESULT_EVENTS, RESULT_STATUSES, resultEventsIn } from './result-states.js';

describe('the results machine', () => {
  it('goes entered → validated → signed, and an edit before signing goes back to entered', () => {
    expect(nextResult('PENDING', 'result.enter')).toEqual({ ok: true, status: 'ENTERED' });
    expect(nextResult('ENTERED', 'result.validate')).toEqual({ ok: true, status: 'VALIDATED' });
    expect(nextResult('VALIDATED', 'result.enter')).toEqual({ ok: true, status: 'ENTERED' });
    expect(nextResult('VALIDATED', 'result.sign')).toEqual({ ok: true, status: 'SIGNED' });
  });

  it('changes signed results only by an amendment, and never signs what is not validated', () => {
    expect(resultEventsIn('SIGNED')).toEqual(['result.amend']);
    expect(nextResult('SIGNED', 'result.amend')).toEqual({ ok: true, status: 'ENTERED' });
    for (const status of ['PENDING', 'ENTERED', 'SIGNED'] as const)
      expect(nextResult(status, 'result.sign')).toEqual({ ok: false, from: status, event: 'result.sign' });
    expect(nextResult('PENDING', 'result.validate').ok).toBe(false);
  });

  it('has a row for every status, and every event is allowed somewhere', () => {
    const allowed = new Set(RESULT_STATUSES.flatMap(resultEventsIn));
    expect([...allowed].sort()).toEqual([...RESULT_EVENTS].sort());
  });
});
