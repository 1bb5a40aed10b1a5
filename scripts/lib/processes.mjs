// The processes `npm start` runs: every service, every worker and the gateway, with their ports and environment.
// One table, read by start, stop, status and the tests.
import { SERVICE_NAMES, SERVICE_PORTS, SERVICES_WITH_WORKERS, GATEWAY_PORT, workerPort } from '@rayworks/contracts';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The runtime role URL of a service: same server and database as the owner URL, the service's own role. */
export function serviceDatabaseUrl(ownerUrl, service) {
  const url = new URL(ownerUrl);
  url.username = `rayworks_${service}`;
  url.password = process.env.SERVICE_DATABASE_PASSWORD ?? 'rayworks';
  return url.toString();
}

/** The local development key of the access tokens (every process verifies them; operators set their own). */
export const LOCAL_AUTH_TOKEN_SECRET = 'rayworks-local-development-token-secret-not-for-production';

export function processTable(env = process.env) {
  const optional = (names) => Object.fromEntries(names.filter((n) => env[n] !== undefined).map((n) => [n, env[n]]));
  const common = {
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    REDIS_URL: env.REDIS_URL,
    // every process verifies callers itself (docs/decisions/0011-sessions-and-tokens.md)
    AUTH_TOKEN_SECRET: env.AUTH_TOKEN_SECRET ?? LOCAL_AUTH_TOKEN_SECRET,
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
  });
  const table = [];
  for (const service of SERVICE_NAMES) {
    table.push({
      name: service,
      entry: `services/${service}/dist/main.js`,
      port: SERVICE_PORTS[service],
      env: {
        ...serviceEnv(service, SERVICE_PORTS[service]),
        ...(service === 'auth' ? { PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? `http://localhost:${GATEWAY_PORT}` } : {}),
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
  table.push({
    name: 'gateway',
    entry: 'services/gateway/dist/main.js',
    port: GATEWAY_PORT,
    env: {
      ...common,
      PORT: String(GATEWAY_PORT),
      WEB_DIST_DIR: path.join(ROOT, 'web/dist'),
      // presigned object URLs point there: the console's Content-Security-Policy allows it (docs/decisions/0066)
      S3_PUBLIC_ENDPOINT: env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT,
      ...optional(['TRUSTED_PROXIES', 'API_DOCS_ENABLED']),
      ...Object.fromEntries(
        SERVICE_NAMES.map((s) => [`SERVICE_URL_${s.toUpperCase()}`, `http://127.0.0.1:${SERVICE_PORTS[s]}`]),
      ),
    },
  });
  return table;
}
