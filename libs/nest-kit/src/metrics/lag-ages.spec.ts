import { describe, expect, it } from '@jest/globals';
import { LagAges } from './lag-ages.js';

describe('LagAges', () => {
  it('is 0 while the group has committed everything', () => {
    const ages = new LagAges();
    expect(ages.observe('t/0', 10n, 10n, 1_000)).toBe(0);
    expect(ages.observe('t/0', 12n, 12n, 5_000)).toBe(0);
  });

  it('counts from when the first message not committed was first seen written', () => {
    const ages = new LagAges();
    ages.observe('t/0', 10n, 10n, 0);
    // offset 10 was written between 0 and 15 s; the group is stuck at 10
    expect(ages.observe('t/0', 11n, 10n, 15_000)).toBe(0);
    expect(ages.observe('t/0', 14n, 10n, 30_000)).toBe(15);
    expect(ages.observe('t/0', 20n, 10n, 45_000)).toBe(30);
  });

  it('moves on with the group: the age is of the oldest message still waiting', () => {
    const ages = new LagAges();
    ages.observe('t/0', 10n, 10n, 0);
    ages.observe('t/0', 11n, 10n, 15_000);
    ages.observe('t/0', 14n, 10n, 30_000);
    // the group committed up to 12: offset 12 was first seen written at 30 s
    expect(ages.observe('t/0', 14n, 12n, 45_000)).toBe(15);
    expect(ages.observe('t/0', 14n, 14n, 60_000)).toBe(0);
  });

  it('counts a backlog older than the first observation from that observation', () => {
    const ages = new LagAges();
    expect(ages.observe('t/1', 500n, 3n, 1_000)).toBe(0);
    expect(ages.observe('t/1', 500n, 3n, 61_000)).toBe(60);
  });

  it('keeps partitions apart and its memory bounded', () => {
    const ages = new LagAges(3);
    for (let i = 1; i <= 10; i++) ages.observe('a', BigInt(i), 0n, i * 1000);
    expect(ages.observe('b', 5n, 5n, 20_000)).toBe(0);
    // only the last 3 samples of 'a' are kept: the oldest kept was seen at 8 s
    expect(ages.observe('a', 10n, 0n, 20_000)).toBe(12);
  });
});
