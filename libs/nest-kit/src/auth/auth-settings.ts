import { z } from 'zod';
import { loadEnv, sessionAuthEnv } from '../config/env.js';
import { AccessTokens } from './access-token.js';
import { RequestAuthenticator } from './request-authenticator.js';
import { SessionStore } from './session-store.js';
import type { Redis } from 'ioredis';

/** The variables every process that verifies callers needs. */
export const authEnvSchema = z.object(sessionAuthEnv);
export type AuthEnv = z.infer<typeof authEnvSchema>;

/** The verifier of a process from its environment and Redis connection. */
export function createAuthenticator(env: AuthEnv, redis: Redis): RequestAuthenticator {
  return new RequestAuthenticator(
    new AccessTokens(env.AUTH_TOKEN_SECRET, env.ACCESS_TOKEN_TTL_SECONDS),
    new SessionStore(redis, env.SESSION_IDLE_TIMEOUT_SECONDS),
  );
}

export const loadAuthEnv = (env: Record<string, string | undefined> = process.env): AuthEnv =>
  loadEnv(authEnvSchema, env);
