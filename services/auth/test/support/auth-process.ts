import { fileURLToPath } from 'node:url';
import { ApiClient, readReadiness } from '@rayworks/api-client';
import { AccessTokens, issuerTokenKeys, readSigningKeySet } from '@rayworks/nest-kit';
import { eventually, freePort, infraEnv, localSigningKeysFile, roleUrl, startScript, stop } from '@rayworks/testing';

/**
 * The running auth service's tokens, as only it can sign them (its key file): tests read and mint tokens with it.
 * `file` another key file (a test's own auth process).
 */
export const localAccessTokens = async (ttlSeconds = 900, file = localSigningKeysFile()) =>
  new AccessTokens(await issuerTokenKeys(readSigningKeySet({ AUTH_SIGNING_KEYS_FILE: file })), ttlSeconds);

/**
 * Starts another auth process (built dist) with settings of its own, e.g. short timeouts, and the running system's
 * signing keys unless the settings name others; stops with `close()`.
 */
export async function startAuthProcess(settings: Record<string, string>) {
  const port = await freePort();
  const infra = infraEnv();
  const child = startScript(fileURLToPath(new URL('../../dist/main.js', import.meta.url)), {
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: roleUrl(infra.ownerDatabaseUrl, 'rayworks_auth'),
    REDIS_URL: infra.redisUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    S3_ENDPOINT: infra.s3.endpoint,
    S3_REGION: infra.s3.region,
    S3_ACCESS_KEY_ID: infra.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: infra.s3.secretAccessKey,
    S3_BUCKET: infra.s3.bucket,
    SMTP_URL: infra.smtpUrl,
    ...(settings.AUTH_SIGNING_KEYS ? {} : { AUTH_SIGNING_KEYS_FILE: localSigningKeysFile() }),
    // the tests call it directly with an X-Forwarded-For of their own, as the gateway would
    TRUSTED_PROXIES: 'loopback',
    ...settings,
  });
  const url = `http://127.0.0.1:${port}`;
  const client = new ApiClient({ baseUrl: () => url });
  await eventually(
    () =>
      readReadiness(client, 'auth').then(
        (report) => report.status,
        () => 'unreachable' as const,
      ),
    (status) => status === 'ready' || child.exitCode !== null,
    { what: 'the second auth process ready', timeoutMs: 60_000, intervalMs: 250 },
  );
  if (child.exitCode !== null) throw new Error(`auth process exited: ${child.output()}`);
  return { url, close: () => stop(child) };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
