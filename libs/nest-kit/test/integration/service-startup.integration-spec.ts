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
      expect(output).not.toContain('AUTH_TOKEN_SECRET');
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
