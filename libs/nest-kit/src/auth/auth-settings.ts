import { z } from 'zod';
import { ConfigError, loadEnv, sessionAuthEnv, verifierEnv } from '../config/env.js';
import { AccessTokens } from './access-token.js';
import { RequestAuthenticator } from './request-authenticator.js';
import { SessionStore } from './session-store.js';
import { issuerTokenKeys, readSigningKeySet, verifierTokenKeys, type TokenKeys } from './token-keys.js';
import type { Redis } from 'ioredis';

/** The variables every process that verifies callers (but does not sign tokens) needs. */
export const authEnvSchema = z.object({ ...sessionAuthEnv, ...verifierEnv });
export type AuthEnv = z.infer<typeof authEnvSchema>;
/** The session settings of any process that verifies callers, the issuer included. */
export type SessionSettings = z.infer<z.ZodObject<typeof sessionAuthEnv>>;

/**
 * The token keys of a process: the auth service (the issuer) reads its private keys (AUTH_SIGNING_KEYS or
 * AUTH_SIGNING_KEYS_FILE) and verifies locally; every other process verifies with the keys published at
 * AUTH_JWKS_URL (docs/decisions/0060-asymmetric-access-tokens.md).
 */
export async function loadTokenKeys(
  role: 'issuer' | 'verifier',
  env: { AUTH_JWKS_URL?: string },
  processEnv: Record<string, string | undefined> = process.env,
): Promise<TokenKeys> {
  if (role === 'issuer') return issuerTokenKeys(readSigningKeySet(processEnv));
  if (!env.AUTH_JWKS_URL) throw new ConfigError(['AUTH_JWKS_URL is required but not set']);
  return verifierTokenKeys(env.AUTH_JWKS_URL);
}

/** The verifier of a process from its session settings, Redis connection and token keys. */
export function createAuthenticator(env: SessionSettings, redis: Redis, keys: TokenKeys): RequestAuthenticator {
  return new RequestAuthenticator(
    new AccessTokens(keys, env.ACCESS_TOKEN_TTL_SECONDS),
    new SessionStore(redis, env.SESSION_IDLE_TIMEOUT_SECONDS),
  );
}

export const loadAuthEnv = (env: Record<string, string | undefined> = process.env): AuthEnv =>
  loadEnv(authEnvSchema, env);
