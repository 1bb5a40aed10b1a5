// The processes `npm start` runs: every service, every worker and the gateway, with their ports and environment.
// One table, read by start, stop, status and the tests.
import {
  AUTH_JWKS_PATH,
  SERVICE_NAMES,
  SERVICE_PORTS,
  SERVICES_WITH_WORKERS,
  GATEWAY_PORT,
  LIMS_ANALYZERS_PORTS,
  localMetricsPort,
  MAX_LOCAL_REPLICAS,
  replicaName,
  replicaPort,
  serviceReplicasVariable,
  workerPort,
} from '@rayworks/contracts';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The runtime role URL of a service: same server and database as the owner URL, the service's own role. */
export function serviceDatabaseUrl(ownerUrl, service) {
  const url = new URL(ownerUrl);
  url.username = `rayworks_${service}`;
  url.password = process.env.SERVICE_DATABASE_PASSWORD ?? 'rayworks';
  return url.toString();
}

/**
 * The local signing keys of the access tokens: generated once by `stack.mjs start` (auth's signing-keys.js ensure),
 * given to the auth service alone; every other process verifies with the public keys auth publishes
 * (docs/decisions/0060-asymmetric-access-tokens.md). Operators set AUTH_SIGNING_KEYS or AUTH_SIGNING_KEYS_FILE.
 */
export const LOCAL_SIGNING_KEYS_FILE = path.join(ROOT, '.local/auth-signing-keys.json');
/** The variables that carry the private keys: no process but auth may inherit them. */
export const SIGNING_KEY_VARIABLES = ['AUTH_SIGNING_KEYS', 'AUTH_SIGNING_KEYS_FILE'];

/**
 * The study tokens' shared secret (docs/decisions/0164-study-token.md): made once by `stack.mjs start`
 * (ensureViewerTokenSecret) unless the operator sets VIEWER_TOKEN_SECRET; given to the cases service (signs) and
 * imaging (verifies) alone.
 */
export const LOCAL_VIEWER_TOKEN_SECRET_FILE = path.join(ROOT, '.local/viewer-token-secret');
export const VIEWER_TOKEN_SERVICES = ['cases', 'imaging'];

/** The secret: the operator's, or the local file's (null when neither exists yet). */
export function viewerTokenSecret(env = process.env) {
  if (env.VIEWER_TOKEN_SECRET) return env.VIEWER_TOKEN_SECRET;
  try {
    return fs.readFileSync(LOCAL_VIEWER_TOKEN_SECRET_FILE, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * The secret billing and its payment provider sign webhooks with (docs/decisions/0283): made once by `stack.mjs start`
 * (ensurePaymentWebhookSecret) unless the operator sets PAYMENT_WEBHOOK_SECRET; given to the billing service alone,
 * which runs the local payment gateway (and verifies its webhooks) outside production.
 */
export const LOCAL_PAYMENT_WEBHOOK_SECRET_FILE = path.join(ROOT, '.local/payment-webhook-secret');

/** The secret: the operator's, or the local file's (null when neither exists yet). */
export function paymentWebhookSecret(env = process.env) {
  if (env.PAYMENT_WEBHOOK_SECRET) return env.PAYMENT_WEBHOOK_SECRET;
  try {
    return fs.readFileSync(LOCAL_PAYMENT_WEBHOOK_SECRET_FILE, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Imaging's own variables (all with defaults: docs/decisions/0099-hostile-archives.md). */
export const IMAGING_IMPORT_VARIABLES = [
  'IMPORT_MAX_ENTRIES',
  'IMPORT_MAX_INFLATED_BYTES',
  'IMPORT_MAX_RATIO',
  'IMPORT_PARSE_TIMEOUT_MS',
  'IMPORT_PARSE_THREADS',
  'IMPORT_CONCURRENCY',
  'INGEST_BATCH_INSTANCES',
];

/** Where the processes that verify tokens fetch auth's public keys. */
export const localJwksUrl = (env = process.env) =>
  env.AUTH_JWKS_URL ?? `http://127.0.0.1:${SERVICE_PORTS.auth}${AUTH_JWKS_PATH}`;

/** The auth service's key variables: the operator's, or the local key file. */
export const signingKeyEnv = (env = process.env) =>
  env.AUTH_SIGNING_KEYS
    ? { AUTH_SIGNING_KEYS: env.AUTH_SIGNING_KEYS }
    : { AUTH_SIGNING_KEYS_FILE: env.AUTH_SIGNING_KEYS_FILE ?? LOCAL_SIGNING_KEYS_FILE };

/**
 * How many processes of a service a local run starts: `<SERVICE>_REPLICAS` (CASES_REPLICAS=2), 1 unless set
 * (docs/decisions/0333-service-replicas.md). The gateway spreads requests over them.
 */
export function serviceReplicas(service, env = process.env) {
  const raw = env[serviceReplicasVariable(service)];
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_LOCAL_REPLICAS)
    throw new Error(
      `${serviceReplicasVariable(service)} must be a whole number from 1 to ${MAX_LOCAL_REPLICAS}: ${raw}`,
    );
  return n;
}

export function processTable(env = process.env) {
  const optional = (names) => Object.fromEntries(names.filter((n) => env[n] !== undefined).map((n) => [n, env[n]]));
  const common = {
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    REDIS_URL: env.REDIS_URL,
    ...optional(['ACCESS_TOKEN_TTL_SECONDS', 'SESSION_IDLE_TIMEOUT_SECONDS']),
  };
  const serviceEnv = (service, port) => ({
    ...common,
    PORT: String(port),
    // Only the gateway is reachable from other machines; the services believe the X-Forwarded-For of the gateway
    // alone, which reaches them over loopback (docs/decisions/0065-forwarded-headers.md).
    HOST: '127.0.0.1',
    TRUSTED_PROXIES: 'loopback',
    DATABASE_URL: serviceDatabaseUrl(env.DATABASE_URL, service),
    MIGRATION_DATABASE_URL: env.DATABASE_URL,
    KAFKA_BROKERS: env.KAFKA_BROKERS,
    S3_ENDPOINT: env.S3_ENDPOINT,
    S3_REGION: env.S3_REGION,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
    S3_BUCKET: env.S3_BUCKET,
    SMTP_URL: env.SMTP_URL,
    // the console's address as browsers reach it: links in e-mails and SMS, the Weasis link (docs/decisions/0220)
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? `http://localhost:${GATEWAY_PORT}`,
    // the import limits and the header parser's (services/imaging/src/config/env.ts), when set
    ...(service === 'imaging' ? optional(IMAGING_IMPORT_VARIABLES) : {}),
    // the study tokens of the viewers: cases signs, imaging verifies (docs/decisions/0164)
    ...(VIEWER_TOKEN_SERVICES.includes(service) && viewerTokenSecret(env)
      ? { VIEWER_TOKEN_SECRET: viewerTokenSecret(env) }
      : {}),
    // the cases service starts study downloads through imaging's API (docs/decisions/0146)
    ...(service === 'cases' ? { SERVICE_URL_IMAGING: `http://127.0.0.1:${SERVICE_PORTS.imaging}` } : {}),
    // reporting asks cases about every case and auth for the signer's profile (services/reporting/src/config/env.ts)
    ...(service === 'reporting'
      ? {
          SERVICE_URL_CASES: `http://127.0.0.1:${SERVICE_PORTS.cases}`,
          SERVICE_URL_AUTH: `http://127.0.0.1:${SERVICE_PORTS.auth}`,
        }
      : {}),
  });
  const table = [];
  for (const service of SERVICE_NAMES) {
    for (let replica = 1; replica <= serviceReplicas(service, env); replica++)
      table.push({
        name: replicaName(service, replica),
        entry: `services/${service}/dist/main.js`,
        port: replicaPort(service, replica),
        env: {
          ...serviceEnv(service, replicaPort(service, replica)),
          // auth signs the access tokens; every other service verifies them with its public keys
          ...(service === 'auth'
            ? {
                ...signingKeyEnv(env),
                ...optional(['SESSION_ABSOLUTE_LIFETIME_SECONDS']),
              }
            : { AUTH_JWKS_URL: localJwksUrl(env) }),
          // online payment: the webhook secret of the local payment gateway (docs/decisions/0283)
          ...(service === 'billing' && paymentWebhookSecret(env)
            ? { PAYMENT_WEBHOOK_SECRET: paymentWebhookSecret(env) }
            : {}),
        },
      });
    if (SERVICES_WITH_WORKERS.includes(service)) {
      table.push({
        name: `${service}-worker`,
        entry: `services/${service}/dist/worker.js`,
        port: workerPort(service),
        env: serviceEnv(service, workerPort(service)),
      });
    }
  }
  // Laboratory analyzers connect to lims-analyzers (docs/decisions/0301): HL7 v2 over MLLP and ASTM over TCP, on the
  // loopback here unless ANALYZER_HOST says otherwise; PORT is its health port.
  table.push({
    name: 'lims-analyzers',
    entry: 'services/lims/dist/analyzers.js',
    port: LIMS_ANALYZERS_PORTS.health,
    env: {
      ...serviceEnv('lims', LIMS_ANALYZERS_PORTS.health),
      HL7_MLLP_PORT: String(LIMS_ANALYZERS_PORTS.hl7),
      ASTM_PORT: String(LIMS_ANALYZERS_PORTS.astm),
      ANALYZER_HOST: env.ANALYZER_HOST ?? '127.0.0.1',
    },
  });
  table.push({
    name: 'gateway',
    entry: 'services/gateway/dist/main.js',
    port: GATEWAY_PORT,
    env: {
      ...common,
      AUTH_JWKS_URL: localJwksUrl(env),
      PORT: String(GATEWAY_PORT),
      WEB_DIST_DIR: path.join(ROOT, 'web/dist'),
      // presigned object URLs point there: the console's Content-Security-Policy allows it (docs/decisions/0066)
      S3_PUBLIC_ENDPOINT: env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT,
      ...optional(['TRUSTED_PROXIES', 'API_DOCS_ENABLED']),
      // every replica of each service, comma-separated: the gateway spreads requests over them (decision 0333)
      ...Object.fromEntries(
        SERVICE_NAMES.map((s) => [
          `SERVICE_URL_${s.toUpperCase()}`,
          Array.from({ length: serviceReplicas(s, env) }, (_, i) => `http://127.0.0.1:${replicaPort(s, i + 1)}`).join(
            ',',
          ),
        ]),
      ),
    },
  });
  // Every process serves /metrics on an internal port of its own, on the loopback only (docs/decisions/0090).
  for (const proc of table) {
    proc.metricsPort = localMetricsPort(proc.port);
    proc.env.METRICS_PORT = String(proc.metricsPort);
    proc.env.METRICS_HOST = '127.0.0.1';
  }
  return table;
}

/** A process's environment: the caller's, its own, and no private key unless it is its own (auth). */
export function processEnv(proc, base = process.env) {
  const env = { ...base, ...proc.env };
  for (const name of [...SIGNING_KEY_VARIABLES, 'VIEWER_TOKEN_SECRET', 'PAYMENT_WEBHOOK_SECRET'])
    if (!(name in proc.env)) delete env[name];
  return env;
}
