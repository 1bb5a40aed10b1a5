import { loadEnv, serviceEnvSchema } from '@rayworks/nest-kit';
import { z } from 'zod';

const seconds = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 86_400)
    .default(fallback);
const count = (fallback: number) => z.coerce.number().int().min(1).max(10_000).default(fallback);

/** The auth service's variables: every service's, plus mail and the login and password-reset limits. */
export const authServiceEnvSchema = serviceEnvSchema.extend({
  SMTP_URL: z.url({ protocol: /^smtps?$/ }),
  MAIL_FROM: z.string().min(3).default('Rayworks <no-reply@rayworks.local>'),
  /** Where the console is reached: links in e-mails point there. */
  PUBLIC_BASE_URL: z.url().default('http://localhost:8080'),
  LOGIN_MAX_FAILURES_PER_NAME: count(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: count(20),
  LOGIN_FAILURE_WINDOW_SECONDS: seconds(900),
  /** Consecutive failures that lock the account (isBlocked) for LOGIN_LOCK_SECONDS, until then or an unblock. */
  LOGIN_LOCK_AFTER_FAILURES: count(10),
  LOGIN_LOCK_SECONDS: seconds(1800),
  PASSWORD_RESET_TTL_SECONDS: seconds(1800),
});
export type AuthServiceEnv = z.infer<typeof authServiceEnvSchema>;

export const AUTH_SERVICE_ENV = Symbol('AUTH_SERVICE_ENV');

export const loadAuthServiceEnv = (env: Record<string, string | undefined> = process.env): AuthServiceEnv =>
  loadEnv(authServiceEnvSchema, env);
