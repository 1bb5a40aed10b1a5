import { describe, expect, it } from '@jest/globals';
import { REGISTRATION_MESSAGES } from './registration-messages.js';
import { testsOrderedTwice } from './registration-rules.js';

const pkg = (code: string, ...tests: string[]) => ({ code, tests: tests.map((t) => ({ code: t })) });

describe('testsOrderedTwice (docs/decisions/0321)', () => {
  it('finds a test ordered on its own and by a package, or by two packages', () => {
    const lines = [
      pkg('BASIC-HC', 'CBC', 'LFT', 'KFT'),
      pkg('CBC', 'CBC'),
      pkg('LIVER', 'LFT', 'GGT'),
      pkg('TSH', 'TSH'),
    ];
    expect(testsOrderedTwice(lines)).toEqual([
      { test: 'CBC', by: ['BASIC-HC', 'CBC'] },
      { test: 'LFT', by: ['BASIC-HC', 'LIVER'] },
    ]);
    expect(REGISTRATION_MESSAGES.testOrderedTwice(testsOrderedTwice(lines)[0]!)).toBe(
      'CBC is ordered twice (by BASIC-HC and CBC): order it once',
    );
  });

  it('finds nothing when every test is ordered once', () => {
    expect(testsOrderedTwice([pkg('BASIC-HC', 'CBC', 'LFT'), pkg('TSH', 'TSH')])).toEqual([]);
    expect(testsOrderedTwice([])).toEqual([]);
  });
});
