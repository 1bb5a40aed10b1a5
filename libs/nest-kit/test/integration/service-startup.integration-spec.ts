import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  SERVICE_NAMES,
  SERVICES_WITH_WORKERS,
  localMetricsPort,
  readinessReportSchema,
  workerPort,
} from '@rayworks/contracts';
import { generateSigningKey } from '../../src/index.js';

const entry = (service: string, file: string) =>
  fileURLToPath(new URL(`../../../../services/${service}/dist/${file}`, import.meta.url));

function run(file: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], {
      env: { PATH: process.env.PATH!, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Services fail fast on bad configuration, naming the variable; migrations are idempotent. */
describe('service startup', () => {
  it.each(SERVICE_NAMES)(
    '%s refuses to start without its configuration, naming each missing variable',
    async (service) => {
      const { code, output } = await run(entry(service, 'main.js'), { PORT: '3999', KAFKA_BROKERS: 'not-a-broker' });
      expect(code).toBe(1);
      expect(output).toContain(`[${service}] Invalid configuration`);
      expect(output).toContain('DATABASE_URL is required but not set');
      expect(output).toContain('KAFKA_BROKERS: each broker must be host:port');
      expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
    },
  );

  it.each(SERVICES_WITH_WORKERS)(
    '%s worker needs what its service needs but the token key, naming each missing variable',
    async (service) => {
      const { code, output } = await run(entry(service, 'worker.js'), { PORT: '3999', KAFKA_BROKERS: 'not-a-broker' });
      expect(code).toBe(1);
      expect(output).toContain(`[${service}-worker] Invalid configuration`);
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET']) {
        expect(output).toContain(`${name} is required but not set`);
      }
      expect(output).toContain('KAFKA_BROKERS: each broker must be host:port');
      // a worker verifies nobody: it needs neither the public keys nor a private one
      expect(output).not.toContain('AUTH_JWKS_URL');
      expect(output).not.toContain('AUTH_SIGNING_KEYS');
    },
  );

  // npm test starts the application processes before the integration tests.
  it.each(SERVICES_WITH_WORKERS)(
    'the running %s worker is ready on its database, Redis, Kafka and object store, and serves metrics',
    async (service) => {
      const res = await fetch(`http://127.0.0.1:${workerPort(service)}/health/ready`);
      const report = readinessReportSchema.parse(await res.json());
      expect(res.status).toBe(200);
      expect(report).toMatchObject({ service: `${service}-worker`, status: 'ready' });
      expect(Object.keys(report.checks).sort()).toEqual(['database', 'kafka', 'redis', 'storage']);
      const metrics = await (await fetch(`http://127.0.0.1:${localMetricsPort(workerPort(service))}/metrics`)).text();
      expect(metrics).toContain(`service="${service}-worker"`);
    },
  );

  it('runs migrations a second time with nothing pending', async () => {
    const owner = process.env.DATABASE_URL!;
    const url = new URL(owner);
    url.username = 'rayworks_cases';
    url.password = 'rayworks';
    const { code, output } = await run(entry('cases', 'migrate.js'), {
      DATABASE_URL: url.toString(),
      MIGRATION_DATABASE_URL: owner,
    });
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: '[cases] migrations applied: none pending' });
  });
});

/**
 * Production (NODE_ENV=production): no process starts with a missing, published or short secret or key, and the
 * message names the variable (security finding 2; docs/decisions/0060-asymmetric-access-tokens.md).
 */
describe('service startup in production', () => {
  /** Everything a service needs, with secrets of its own: only what a test breaks is wrong. */
  const production = (service: string): Record<string, string> => ({
    NODE_ENV: 'production',
    PORT: '3999',
    LOG_LEVEL: 'info',
    DATABASE_URL: `postgres://rayworks_${service}:Qm7v2-Lx9pT4-wZ8s@127.0.0.1:1/rayworks`,
    REDIS_URL: 'redis://127.0.0.1:1',
    KAFKA_BROKERS: '127.0.0.1:1',
    S3_ENDPOINT: 'http://127.0.0.1:1',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'rayworks-app',
    S3_SECRET_ACCESS_KEY: 'hM3vR8qL2xW9tB6nK4pZ7sC1',
    S3_BUCKET: 'rayworks',
    SMTP_URL: 'smtp://127.0.0.1:1',
    AUTH_JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
  });
  const OLD_DEFAULTS = [
    'rayworks-local-development-token-secret-not-for-production',
    'rayworks-compose-development-token-secret-change-me',
  ];

  // Four starts of auth's process, side by side: each loads the whole service before it checks its settings, which
  // takes seconds on a busy machine (a start that hangs is killed by `run` after 30 s and fails its assertions).
  it('auth refuses to start without its signing keys, or with a shared secret or a short key in their place', async () => {
    const { AUTH_JWKS_URL: _u, ...env } = production('auth');
    const key = await generateSigningKey();
    const [missing, short, ...shared] = await Promise.all([
      run(entry('auth', 'main.js'), env),
      run(entry('auth', 'main.js'), {
        ...env,
        AUTH_SIGNING_KEYS: JSON.stringify({ keys: [{ ...key, d: key.d.slice(0, 20) }] }),
      }),
      ...OLD_DEFAULTS.map((secret) =>
        run(entry('auth', 'main.js'), { ...env, AUTH_SIGNING_KEYS: secret, AUTH_TOKEN_SECRET: secret }),
      ),
    ]);
    expect(missing!.code).toBe(1);
    expect(missing!.output).toContain('[auth] Invalid configuration');
    expect(missing!.output).toContain('AUTH_SIGNING_KEYS is required but not set');
    expect(shared).toHaveLength(OLD_DEFAULTS.length);
    for (const started of shared) {
      expect(started.code).toBe(1);
      expect(started.output).toContain('AUTH_SIGNING_KEYS: is not JSON');
    }
    expect(short!.code).toBe(1);
    expect(short!.output).toContain('AUTH_SIGNING_KEYS: keys.0.d must be 32 bytes');
    expect(short!.output).not.toMatch(/\n\s+at /);
  }, 60_000);

  it.each(SERVICE_NAMES.filter((s) => s !== 'auth'))(
    '%s refuses published default secrets and needs the public keys, naming each variable',
    async (service) => {
      const { AUTH_JWKS_URL: _u, ...env } = production(service);
      const { code, output } = await run(entry(service, 'main.js'), {
        ...env,
        DATABASE_URL: `postgres://rayworks_${service}:rayworks@127.0.0.1:1/rayworks`,
        S3_SECRET_ACCESS_KEY: 'rayworks-minio-secret',
        AUTH_TOKEN_SECRET: OLD_DEFAULTS[1]!,
      });
      expect(code).toBe(1);
      expect(output).toContain(`[${service}] Invalid configuration`);
      expect(output).toContain('AUTH_JWKS_URL is required but not set');
      expect(output).toContain('DATABASE_URL (its password): is a published default or example value');
      expect(output).toContain('S3_SECRET_ACCESS_KEY: is a published default or example value');
    },
  );

  it('the gateway needs the public keys and holds no secret of the tokens', async () => {
    const { code, output } = await run(entry('gateway', 'main.js'), {
      NODE_ENV: 'production',
      PORT: '3999',
      REDIS_URL: 'redis://:rayworks@127.0.0.1:1',
      WEB_DIST_DIR: '/nonexistent',
      AUTH_TOKEN_SECRET: OLD_DEFAULTS[1]!,
    });
    expect(code).toBe(1);
    expect(output).toContain('AUTH_JWKS_URL is required but not set');
    expect(output).toContain('REDIS_URL (its password): is a published default or example value');
  });
});
