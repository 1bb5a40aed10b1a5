import { describe, expect, it } from '@jest/globals';
import { isNewerBuild } from './version-check';

describe('new-version detection (spec §4)', () => {
  it('sees a newer build when the served id differs from the running one', () => {
    expect(isNewerBuild('a', { buildId: 'b' })).toBe(true);
    expect(isNewerBuild('a', { buildId: 'a' })).toBe(false);
  });

  it('ignores answers that are not a build id', () => {
    for (const served of [null, undefined, 'b', {}, { buildId: '' }, { buildId: 3 }])
      expect(isNewerBuild('a', served)).toBe(false);
  });
});
