import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { RedisClient } from '@rayworks/nest-kit';
import { redisClient } from '@rayworks/testing';
import type { AuthServiceEnv } from '../../src/config/env.js';
import { LoginRateLimiter } from '../../src/modules/credentials/login-rate-limiter.js';
import { randomAddress } from '../support/auth-client.js';
import { sleep } from '../support/auth-process.js';

/** Small limits, so that the doubling wait shows within a few seconds. */
const env = {
  LOGIN_FREE_ATTEMPTS: 2,
  LOGIN_DELAY_BASE_SECONDS: 2,
  LOGIN_DELAY_MAX_SECONDS: 900,
  LOGIN_FAILURE_WINDOW_SECONDS: 60,
  LOGIN_MAX_FAILURES_PER_ADDRESS: 100,
} as AuthServiceEnv;

/** The limiter's Lua script against the real Redis (docs/decisions/0070). */
describe('LoginRateLimiter (Redis)', () => {
  const redis = redisClient();
  const limiter = new LoginRateLimiter(redis as unknown as RedisClient, env);

  afterAll(async () => {
    await redis.quit();
  });

  it('after the free attempts, each failure doubles the wait of its (login name, address)', async () => {
    const name = `limiter.${randomUUID()}`;
    const address = randomAddress();
    expect(await limiter.attempt(name, address)).toEqual({
      allowed: true,
      accountTripped: false,
      addressTripped: false,
      notifyUser: false,
    });
    expect(await limiter.attempt(name, address)).toEqual({
      allowed: true,
      accountTripped: true,
      addressTripped: false,
      notifyUser: true,
    });
    const first = await limiter.attempt(name, address);
    expect(first).toMatchObject({ allowed: false, reason: 'account-address' });
    if (first.allowed) throw new Error('unreachable');
    expect(first.retryAfterMs).toBeLessThanOrEqual(2000);

    await sleep(first.retryAfterMs + 100);
    expect((await limiter.attempt(name, address)).allowed).toBe(true); // the 3rd failure: 4 s now
    const second = await limiter.attempt(name, address);
    if (second.allowed) throw new Error('expected a wait');
    expect(second.retryAfterMs).toBeGreaterThan(2000);
    expect(second.retryAfterMs).toBeLessThanOrEqual(4000);
  }, 20_000);

  it('tells the user once per window, though the attack moves to another address; unblock clears every address', async () => {
    const name = `limiter.${randomUUID()}`;
    const [a, b, c] = [randomAddress(), randomAddress(), randomAddress()];
    await limiter.attempt(name, a);
    expect(await limiter.attempt(name, a)).toMatchObject({ accountTripped: true, notifyUser: true });
    await limiter.attempt(name, b);
    expect(await limiter.attempt(name, b)).toMatchObject({ accountTripped: true, notifyUser: false });
    // the real user's own address is untouched
    expect((await limiter.attempt(name, c)).allowed).toBe(true);
    await limiter.succeeded(name, c);
    expect(await limiter.delayedLoginNames([name, `other.${name}`])).toEqual(new Set([name]));

    await limiter.clearLoginName(name);
    expect((await limiter.attempt(name, a)).allowed).toBe(true);
    expect((await limiter.attempt(name, b)).allowed).toBe(true);
    expect(await limiter.delayedLoginNames([name])).toEqual(new Set());
  });

  it('a right password starts its pair again and gives the attempt back to the address', async () => {
    const name = `limiter.${randomUUID()}`;
    const address = randomAddress();
    await limiter.attempt(name, address);
    await limiter.succeeded(name, address);
    expect(await redis.get(`login:addr:${address}`)).toBe('0');
    await limiter.attempt(name, address);
    expect(await limiter.attempt(name, address)).toMatchObject({ allowed: true, accountTripped: true });
  });
});
