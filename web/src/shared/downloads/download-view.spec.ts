import { describe, expect, it } from '@jest/globals';
import { nextShownState } from './download-view';

describe('nextShownState (pushed download states through the download machine)', () => {
  it('follows every move of the happy path in order', () => {
    let state = nextShownState(null, 'DWN_INIT');
    for (const next of ['DWN_STRT', 'DWN_DONE', 'ZIP_STRT', 'ZIP_DONE', 'READY'] as const) {
      state = nextShownState(state, next);
      expect(state).toBe(next);
    }
  });

  it('takes a failure and then a retry back to DWN_INIT', () => {
    expect(nextShownState('DWN_STRT', 'DWN_FAIL')).toBe('DWN_FAIL');
    expect(nextShownState('ZIP_STRT', 'ZIP_FAIL')).toBe('ZIP_FAIL');
    expect(nextShownState('ZIP_FAIL', 'DWN_INIT')).toBe('DWN_INIT');
  });

  it('ignores a late message of an earlier state, and jumps ahead over a lost one', () => {
    expect(nextShownState('ZIP_STRT', 'DWN_STRT')).toBe('ZIP_STRT');
    expect(nextShownState('READY', 'ZIP_DONE')).toBe('READY');
    expect(nextShownState('DWN_STRT', 'ZIP_STRT')).toBe('ZIP_STRT');
  });

  it('lets an expired READY zip start again', () => {
    expect(nextShownState('READY', 'DWN_INIT')).toBe('DWN_INIT');
  });
});
