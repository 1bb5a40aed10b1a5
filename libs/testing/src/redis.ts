import { Redis } from 'ioredis';
import { infraEnv } from './infra.js';

/** A client of the shared Redis (REDIS_URL), for tests that drive a Redis-backed class directly; `quit()` it after. */
export const redisClient = (): Redis => new Redis(infraEnv().redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
