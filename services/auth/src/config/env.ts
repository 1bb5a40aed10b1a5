import { issuerServiceEnvSchema, loadEnv, mailEnvVars } from '@rayworks/nest-kit';
import { z } from 'zod';

const seconds = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 86_400)
    .default(fallback);
const count = (fallback: number) => z.coerce.number().int().min(1).max(10_000).default(fallback);

/**
 * The auth service's variables: every service's but the JWKS address (it signs the tokens: its keys come from
 * AUTH_SIGNING_KEYS or AUTH_SIGNING_KEYS_FILE, nest-kit token-keys.ts), plus mail, the login and password-reset
 * limits and the sessions' absolute lifetime.
 */
export const authServiceEnvSchema = issuerServiceEnvSchema.extend({
  ...mailEnvVars,
  /** Where the console is reached: links in e-mails point there. */
  PUBLIC_BASE_URL: z.url().default('http://localhost:8080'),
  /**
   * Login limits (docs/decisions/0070): per (login name, client address), LOGIN_FREE_ATTEMPTS failures, then each
   * further failure doubles the wait before the next attempt from that address, from LOGIN_DELAY_BASE_SECONDS up to
   * LOGIN_DELAY_MAX_SECONDS; failures are remembered for LOGIN_FAILURE_WINDOW_SECONDS after the last one. Per
   * address, LOGIN_MAX_FAILURES_PER_ADDRESS failures (any login names) per window. Nobody can lock an account:
   * the real user's own address is not delayed by an attacker's.
   */
  LOGIN_FREE_ATTEMPTS: count(5),
  LOGIN_DELAY_BASE_SECONDS: seconds(30),
  LOGIN_DELAY_MAX_SECONDS: seconds(900),
  LOGIN_FAILURE_WINDOW_SECONDS: seconds(3600),
  LOGIN_MAX_FAILURES_PER_ADDRESS: count(100),
  /** How long a temporary password (the welcome e-mail's) may be used before forgot-password is the way in. */
  TEMPORARY_PASSWORD_TTL_SECONDS: seconds(72 * 3600),
  PASSWORD_RESET_TTL_SECONDS: seconds(1800),
  /** A session ends this long after its login, however active it is (then 440); 12 hours by default. */
  SESSION_ABSOLUTE_LIFETIME_SECONDS: seconds(12 * 3600),
});
export type AuthServiceEnv = z.infer<typeof authServiceEnvSchema>;

export const AUTH_SERVICE_ENV = Symbol('AUTH_SERVICE_ENV');

export const loadAuthServiceEnv = (env: Record<string, string | undefined> = process.env): AuthServiceEnv =>
  loadEnv(authServiceEnvSchema, env);
