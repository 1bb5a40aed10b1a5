import { describe, expect, it } from '@jest/globals';
import { isUnreachable, UpstreamPool } from './upstream-pool.js';

const picks = (pool: UpstreamPool, n: number) => Array.from({ length: n }, () => pool.urls[pool.pick()]);

describe("the gateway's replicas of a service", () => {
  it('one replica takes every request', () => {
    expect(picks(new UpstreamPool(['http://a']), 3)).toEqual(['http://a', 'http://a', 'http://a']);
  });

  it('several replicas take requests in turn', () => {
    expect(picks(new UpstreamPool(['http://a', 'http://b', 'http://c']), 6)).toEqual([
      'http://a',
      'http://b',
      'http://c',
      'http://a',
      'http://b',
      'http://c',
    ]);
  });

  it('passes over a replica that refused a connection until its down time has passed', () => {
    let now = 1_000;
    const pool = new UpstreamPool(['http://a', 'http://b'], 5_000, () => now);
    pool.markDown(0);
    expect(picks(pool, 3)).toEqual(['http://b', 'http://b', 'http://b']);
    now += 5_000;
    expect(new Set(picks(pool, 4))).toEqual(new Set(['http://a', 'http://b']));
  });

  it('keeps taking turns when every replica refused lately (one may be back)', () => {
    const pool = new UpstreamPool(['http://a', 'http://b'], 5_000, () => 0);
    pool.markDown(0);
    pool.markDown(1);
    expect(new Set(picks(pool, 4))).toEqual(new Set(['http://a', 'http://b']));
  });

  it('needs at least one URL', () => {
    expect(() => new UpstreamPool([])).toThrow('at least one URL');
  });

  it('counts refused, unroutable and unknown hosts as unreachable; a reset or a timeout is not', () => {
    expect(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND'].map((code) => isUnreachable({ code }))).toEqual([
      true,
      true,
      true,
    ]);
    expect([isUnreachable({ code: 'ECONNRESET' }), isUnreachable({ code: 'ETIMEDOUT' }), isUnreachable(null)]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
