import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { RedisClient as Redis } from '@rayworks/nest-kit';
import { REDIS } from '@rayworks/nest-kit';
import { AUTH_SERVICE_ENV, type AuthServiceEnv } from '../../config/env.js';

const nameKey = (loginName: string) =>
  `login-fail:name:${createHash('sha256').update(loginName.trim().toLowerCase()).digest('hex')}`;
const addressKey = (address: string) => `login-fail:addr:${address}`;

/**
 * Failed logins counted in Redis per login name and per client address, over a fixed window. At the limit every
 * attempt answers 429 before the password is looked at, for known and unknown login names alike (nothing to learn).
 * A successful login clears its login name's count, not its address's.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(AUTH_SERVICE_ENV) private readonly env: AuthServiceEnv,
  ) {}

  async isLimited(loginName: string, address: string): Promise<boolean> {
    const [byName, byAddress] = await this.redis.mget(nameKey(loginName), addressKey(address));
    return (
      Number(byName ?? 0) >= this.env.LOGIN_MAX_FAILURES_PER_NAME ||
      Number(byAddress ?? 0) >= this.env.LOGIN_MAX_FAILURES_PER_ADDRESS
    );
  }

  async recordFailure(loginName: string, address: string): Promise<void> {
    const window = this.env.LOGIN_FAILURE_WINDOW_SECONDS;
    await this.redis
      .multi()
      .incr(nameKey(loginName))
      .expire(nameKey(loginName), window, 'NX')
      .incr(addressKey(address))
      .expire(addressKey(address), window, 'NX')
      .exec();
  }

  async clearLoginName(loginName: string): Promise<void> {
    await this.redis.del(nameKey(loginName));
  }
}
