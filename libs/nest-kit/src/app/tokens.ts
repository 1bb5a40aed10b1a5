/** Injection tokens of the kit's providers that are not classes. */
export const LOGGER = Symbol('LOGGER');
export const KAFKA = Symbol('KAFKA');
export const REDIS = Symbol('REDIS');
export const SERVICE_ENV = Symbol('SERVICE_ENV');

/** The Redis client type behind REDIS (ioredis is the kit's dependency, not the services'). */
export type { Redis as RedisClient } from 'ioredis';
