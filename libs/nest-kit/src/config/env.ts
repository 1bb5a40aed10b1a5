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
  /**
   * The most events a consumer applies in one transaction (one inbox insert, one commit, one offset commit per
   * batch; docs/decisions/0320-events-in-batches.md). 1: one transaction and one offset commit per event, as before.
   */
  EVENT_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
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
  /**
   * Where a process fetches the auth service's public keys (its JWKS) to verify access tokens with; every process
   * that verifies callers but the auth service itself (docs/decisions/0060-asymmetric-access-tokens.md).
   */
  AUTH_JWKS_URL: z.url({ protocol: /^https?$/ }),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * The internal port /metrics is served on (docs/decisions/0090): never the public port, never forwarded by the
   * gateway. 9464 (the port Prometheus exporters conventionally use) unless set; local runs give each process its own;
   * 0 takes any free port (a second process a test starts beside the running system).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** The address the metrics port listens on. */
  METRICS_HOST: z.string().min(1).default('0.0.0.0'),
  /** When set, a scrape must also send `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The shared secret of the study tokens (docs/decisions/0164-study-token.md): the cases service signs them with it,
   * imaging verifies them with it; at least 32 characters. Unset: no study token is made or accepted.
   */
  VIEWER_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Where a service answers, as the gateway reaches it: one URL, or one per replica, comma-separated
   * (`http://10.0.0.5:3002,http://10.0.0.6:3002`; docs/decisions/0333-service-replicas.md). The gateway spreads
   * requests over them. Each is an http(s) URL; a trailing slash is dropped.
   */
  SERVICE_URLS: z
    .string()
    .min(1)
    .transform((s) =>
      s
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/$/, ''))).min(1)),
  /** A session unused for this long is expired (440). */
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(1800),
} as const;

/** The study tokens' secret (the cases service and imaging hold it). */
export const viewerTokenEnv = { VIEWER_TOKEN_SECRET: envVars.VIEWER_TOKEN_SECRET };
export const databaseEnv = { DATABASE_URL: envVars.DATABASE_URL };
/** Where every process, the gateway included, serves its metrics. */
export const metricsEnv = {
  METRICS_PORT: envVars.METRICS_PORT,
  METRICS_HOST: envVars.METRICS_HOST,
  METRICS_TOKEN: envVars.METRICS_TOKEN,
};
export const redisEnv = { REDIS_URL: envVars.REDIS_URL };
export const kafkaEnv = { KAFKA_BROKERS: envVars.KAFKA_BROKERS, EVENT_BATCH_SIZE: envVars.EVENT_BATCH_SIZE };
/** The session and token settings every process that verifies callers shares. */
export const sessionAuthEnv = {
  ACCESS_TOKEN_TTL_SECONDS: envVars.ACCESS_TOKEN_TTL_SECONDS,
  SESSION_IDLE_TIMEOUT_SECONDS: envVars.SESSION_IDLE_TIMEOUT_SECONDS,
};
/** What a process that verifies tokens but does not sign them needs: where the public keys are. */
export const verifierEnv = { AUTH_JWKS_URL: envVars.AUTH_JWKS_URL };
export const storageEnv = {
  S3_ENDPOINT: envVars.S3_ENDPOINT,
  S3_PUBLIC_ENDPOINT: envVars.S3_PUBLIC_ENDPOINT,
  S3_REGION: envVars.S3_REGION,
  S3_ACCESS_KEY_ID: envVars.S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: envVars.S3_SECRET_ACCESS_KEY,
  S3_BUCKET: envVars.S3_BUCKET,
};

/**
 * What the token issuer (the auth service) needs: HTTP port, its database, Redis, Kafka, the object store and the
 * session settings. Its signing keys are read apart (auth/token-keys.ts: AUTH_SIGNING_KEYS or _FILE).
 */
export const issuerServiceEnvSchema = z.object({
  PORT: envVars.PORT,
  LOG_LEVEL: envVars.LOG_LEVEL,
  ...databaseEnv,
  ...redisEnv,
  ...kafkaEnv,
  ...storageEnv,
  ...sessionAuthEnv,
  ...metricsEnv,
  ...viewerTokenEnv,
});

/** What every other domain service needs: the same, plus where the auth service's public keys are. */
export const serviceEnvSchema = issuerServiceEnvSchema.extend(verifierEnv);
export type ServiceEnv = z.infer<typeof issuerServiceEnvSchema> & { AUTH_JWKS_URL?: string };

/**
 * Values of secrets that are published (local defaults, the Compose file's old defaults, well-known product
 * defaults): refused in production, as is anything shorter than the minimum.
 */
const PUBLISHED_SECRETS = new Set([
  'rayworks',
  'postgres',
  'password',
  'secret',
  'changeme',
  'minioadmin',
  'rayworks-secret-key',
  'rayworks-minio-secret',
  'rayworks-local-development-token-secret-not-for-production',
  'rayworks-compose-development-token-secret-change-me',
]);
const looksPublished = (value: string) =>
  PUBLISHED_SECRETS.has(value.toLowerCase()) || /change[-_]?me|not[-_]for[-_]production|example/i.test(value);

const secretProblem = (name: string, value: string, minLength: number): string | null => {
  if (looksPublished(value)) return `${name}: is a published default or example value; set a secret of your own`;
  if (value.length < minLength) return `${name}: must be at least ${minLength} characters in production`;
  return null;
};

const urlPasswordProblem = (name: string, value: string, required: boolean): string | null => {
  let password: string;
  try {
    password = decodeURIComponent(new URL(value).password);
  } catch {
    return null; // the schema reports a malformed URL
  }
  if (!password) return required ? `${name}: has no password; production needs one` : null;
  return secretProblem(`${name} (its password)`, password, 12);
};

/**
 * The production rule for secrets (NODE_ENV=production): no secret a process holds may be missing, a published
 * default or example, or short. Applied by loadEnv to the variables of the schema it loads.
 */
export const PRODUCTION_SECRET_RULES: Partial<Record<string, (value: string) => string | null>> = {
  DATABASE_URL: (v) => urlPasswordProblem('DATABASE_URL', v, true),
  MIGRATION_DATABASE_URL: (v) => urlPasswordProblem('MIGRATION_DATABASE_URL', v, true),
  REDIS_URL: (v) => urlPasswordProblem('REDIS_URL', v, false),
  SMTP_URL: (v) => urlPasswordProblem('SMTP_URL', v, false),
  S3_SECRET_ACCESS_KEY: (v) => secretProblem('S3_SECRET_ACCESS_KEY', v, 16),
  VIEWER_TOKEN_SECRET: (v) => secretProblem('VIEWER_TOKEN_SECRET', v, 32),
};

/** The production problems of the secrets among `names` (none outside production). */
export function productionSecretProblems(
  names: readonly string[],
  env: Record<string, string | undefined> = process.env,
): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return names.flatMap((name) => {
    const value = env[name];
    const rule = PRODUCTION_SECRET_RULES[name];
    const problem = rule && value !== undefined ? rule(value) : null;
    return problem ? [problem] : [];
  });
}

/** Parses the environment against a schema, or throws a ConfigError naming each bad variable. */
export function loadEnv<TSchema extends z.ZodType>(
  schema: TSchema,
  env: Record<string, string | undefined> = process.env,
): z.infer<TSchema> {
  const parsed = schema.safeParse(env);
  const shape = schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : [];
  const secrets = productionSecretProblems(shape, env);
  if (parsed.success && secrets.length === 0) return parsed.data;
  const problems = (parsed.success ? [] : parsed.error.issues).map((issue) => {
    const name = issue.path.length > 0 ? String(issue.path[0]) : '(environment)';
    const missing = env[String(issue.path[0])] === undefined;
    return missing ? `${name} is required but not set` : `${name}: ${issue.message}`;
  });
  throw new ConfigError([...problems, ...secrets]);
}
