import { z } from 'zod';

/** Raised at boot when a variable is missing or malformed: the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The variables, one definition each; services compose the ones they use. */
export const envVars = {
  PORT: z.coerce.number().int().min(1).max(65535),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  MIGRATION_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }),
  KAFKA_BROKERS: z
    .string()
    .min(1)
    .transform((s) =>
      s
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[^:\s]+:\d+$/, 'each broker must be host:port')).min(1)),
  S3_ENDPOINT: z.url(),
  /**
   * The address browsers reach the object store at, when it differs from S3_ENDPOINT (a container network name such
   * as http://minio:9000 that no browser resolves): presigned URLs are signed for it. Unset: S3_ENDPOINT.
   */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HS256 key of the access tokens, shared by every process that verifies callers (docs/decisions/0011). */
  AUTH_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** A session unused for this long is expired (440). */
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(1800),
} as const;

export const databaseEnv = { DATABASE_URL: envVars.DATABASE_URL };
export const redisEnv = { REDIS_URL: envVars.REDIS_URL };
export const kafkaEnv = { KAFKA_BROKERS: envVars.KAFKA_BROKERS };
export const sessionAuthEnv = {
  AUTH_TOKEN_SECRET: envVars.AUTH_TOKEN_SECRET,
  ACCESS_TOKEN_TTL_SECONDS: envVars.ACCESS_TOKEN_TTL_SECONDS,
  SESSION_IDLE_TIMEOUT_SECONDS: envVars.SESSION_IDLE_TIMEOUT_SECONDS,
};
export const storageEnv = {
  S3_ENDPOINT: envVars.S3_ENDPOINT,
  S3_PUBLIC_ENDPOINT: envVars.S3_PUBLIC_ENDPOINT,
  S3_REGION: envVars.S3_REGION,
  S3_ACCESS_KEY_ID: envVars.S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: envVars.S3_SECRET_ACCESS_KEY,
  S3_BUCKET: envVars.S3_BUCKET,
};

/** What every domain service needs: HTTP port, its database, Redis, Kafka, the object store, the token key. */
export const serviceEnvSchema = z.object({
  PORT: envVars.PORT,
  LOG_LEVEL: envVars.LOG_LEVEL,
  ...databaseEnv,
  ...redisEnv,
  ...kafkaEnv,
  ...storageEnv,
  ...sessionAuthEnv,
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

/** Parses the environment against a schema, or throws a ConfigError naming each bad variable. */
export function loadEnv<TSchema extends z.ZodType>(
  schema: TSchema,
  env: Record<string, string | undefined> = process.env,
): z.infer<TSchema> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.length > 0 ? String(issue.path[0]) : '(environment)';
    const missing = env[String(issue.path[0])] === undefined;
    return missing ? `${name} is required but not set` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}
