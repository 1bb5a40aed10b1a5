import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { RedisClient as Redis } from '@rayworks/nest-kit';
import { REDIS } from '@rayworks/nest-kit';
import { AUTH_SERVICE_ENV, type AuthServiceEnv } from '../../config/env.js';

const accountTag = (loginName: string) => createHash('sha256').update(loginName.trim().toLowerCase()).digest('hex');
const pairKey = (account: string, address: string) => `login:pair:${account}:${address}`;
const addressKey = (address: string) => `login:addr:${address}`;
/** The addresses an account is being delayed from (for the administrator's unblock and the Blocked status). */
const delayedFromKey = (account: string) => `login:delayed-from:${account}`;
/** Set while the user has been told of an attack in this window: one notice per window. */
const noticeKey = (account: string) => `login:notice:${account}`;

/**
 * One attempt, atomically: refused (1 = this account from this address is waiting, 2 = this address is over its
 * limit) before anything is counted, or counted at once, before the password is checked, so parallel attempts
 * cannot pass the limits. Counting up front also counts the attempts that turn out right; `succeeded` gives them
 * back. From the LOGIN_FREE_ATTEMPTS-th attempt of a (login name, address) on, each one sets a wait before the
 * next of base * 2^(n - free) ms, at most max. The clock is the server's (TIME), the same for every auth process.
 *
 * KEYS: pair, address, delayed-from, notice. ARGV: free, base ms, max ms, window s, address limit, address.
 * Returns { refused (0, 1, 2), wait ms, tripped (bit 1: the pair started waiting, bit 2: the address reached its
 * limit, bit 4: first trip of the account in the window: tell the user) }.
 */
const ATTEMPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untilMs = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if untilMs > now then return {1, untilMs - now, 0} end
local limit = tonumber(ARGV[5])
local byAddress = tonumber(redis.call('GET', KEYS[2]) or '0')
if byAddress >= limit then return {2, redis.call('PTTL', KEYS[2]), 0} end
local window = tonumber(ARGV[4])
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
redis.call('EXPIRE', KEYS[1], window)
local a = redis.call('INCR', KEYS[2])
if a == 1 then redis.call('EXPIRE', KEYS[2], window) end
local tripped = 0
local free = tonumber(ARGV[1])
if n >= free then
  local wait = math.min(tonumber(ARGV[2]) * 2 ^ (n - free), tonumber(ARGV[3]))
  redis.call('HSET', KEYS[1], 'until', now + wait)
  redis.call('SADD', KEYS[3], ARGV[6])
  redis.call('EXPIRE', KEYS[3], window)
  if n == free then
    tripped = 1
    if redis.call('SET', KEYS[4], '1', 'EX', window, 'NX') then tripped = tripped + 4 end
  end
end
if a == limit then tripped = tripped + 2 end
return {0, 0, tripped}
`;

/** A right password: the pair starts again, and the attempt is given back to the address. */
const SUCCEEDED = `
redis.call('DEL', KEYS[1])
redis.call('SREM', KEYS[3], ARGV[1])
local a = tonumber(redis.call('GET', KEYS[2]) or '0')
if a > 0 then redis.call('DECR', KEYS[2]) end
return 0
`;

export type LoginAttempt =
  | { allowed: false; reason: 'account-address' | 'address'; retryAfterMs: number }
  | {
      allowed: true;
      /** This attempt made the (login name, address) start waiting. */
      accountTripped: boolean;
      /** This attempt used the address's last allowed failure. */
      addressTripped: boolean;
      /** First trip of this login name in the window: the user gets one notice. */
      notifyUser: boolean;
    };

/**
 * Login limits in Redis (docs/decisions/0070): per (login name, client address) a few free attempts, then a wait
 * that doubles with each failure; per address a wider limit over any login names. Known and unknown login names
 * are limited alike (nothing to learn), and while limited every attempt gets the same answer before the password
 * is looked at. Nobody can lock another user out: the limits hold the attacker's address, not the account.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(AUTH_SERVICE_ENV) private readonly env: AuthServiceEnv,
  ) {}

  /** Takes one attempt (counted as a failure until `succeeded`), or refuses it. */
  async attempt(loginName: string, address: string): Promise<LoginAttempt> {
    const account = accountTag(loginName);
    const e = this.env;
    const [refused, wait, tripped] = (await this.redis.eval(
      ATTEMPT,
      4,
      pairKey(account, address),
      addressKey(address),
      delayedFromKey(account),
      noticeKey(account),
      e.LOGIN_FREE_ATTEMPTS,
      e.LOGIN_DELAY_BASE_SECONDS * 1000,
      e.LOGIN_DELAY_MAX_SECONDS * 1000,
      e.LOGIN_FAILURE_WINDOW_SECONDS,
      e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      address,
    )) as [number, number, number];
    if (refused !== 0)
      return { allowed: false, reason: refused === 1 ? 'account-address' : 'address', retryAfterMs: Math.max(0, wait) };
    return {
      allowed: true,
      accountTripped: (tripped & 1) !== 0,
      addressTripped: (tripped & 2) !== 0,
      notifyUser: (tripped & 4) !== 0,
    };
  }

  /** The attempt was right: its (login name, address) starts again, and its address gets the attempt back. */
  async succeeded(loginName: string, address: string): Promise<void> {
    const account = accountTag(loginName);
    await this.redis.eval(
      SUCCEEDED,
      3,
      pairKey(account, address),
      addressKey(address),
      delayedFromKey(account),
      address,
    );
  }

  /** The administrator's unblock: every wait of the login name, from every address, ends. */
  async clearLoginName(loginName: string): Promise<void> {
    const account = accountTag(loginName);
    const addresses = await this.redis.smembers(delayedFromKey(account));
    await this.redis.del(delayedFromKey(account), ...addresses.map((address) => pairKey(account, address)));
  }

  /** The login names (of those given) that are being delayed from at least one address (the users list's Blocked). */
  async delayedLoginNames(loginNames: readonly string[]): Promise<Set<string>> {
    if (loginNames.length === 0) return new Set();
    const pipeline = this.redis.pipeline();
    for (const name of loginNames) pipeline.exists(delayedFromKey(accountTag(name)));
    const results = (await pipeline.exec()) ?? [];
    return new Set(loginNames.filter((_, i) => results[i]?.[1] === 1));
  }
}
