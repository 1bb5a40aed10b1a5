import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY_PORT, SERVICE_PORTS } from '@rayworks/contracts';
import { parse } from 'yaml';

/**
 * docker-compose.yml cannot be started here (no Docker engine), so this test reads it and checks it
 * against the repository itself: every folder under services/ gets a container, every service with a
 * src/worker.ts gets a <name>-worker container, and every long-running container has a health check.
 */

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string };
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
  restart?: string;
  volumes?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RAW = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
// Compose resolves YAML merge keys (<<: *anchor); the yaml package does so only when asked.
const compose = parse(RAW, { merge: true }) as ComposeFile;
const containers = compose.services;

/** What Compose makes of ${VAR:-default} and $$ when the variables are not set. */
const interpolate = (value: unknown): string =>
  String(value ?? '')
    .replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?[-?+]([^}]*))?\}/g, (_m, _name, fallback?: string) => fallback ?? '')
    .replace(/\$\$/g, '$');

const env = (container: string): Record<string, string> =>
  Object.fromEntries(Object.entries(containers[container]?.environment ?? {}).map(([k, v]) => [k, interpolate(v)]));

const commandOf = (container: string): string => {
  const command = containers[container]?.command;
  return Array.isArray(command) ? command.join(' ') : (command ?? '');
};

const dependsOn = (container: string): Record<string, string> => {
  const deps = containers[container]?.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, d]) => [name, d?.condition ?? 'service_started']));
};

const SERVICES_DIR = join(ROOT, 'services');
const serviceDirs = readdirSync(SERVICES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const servicesWithWorkers = serviceDirs.filter((name) => existsSync(join(SERVICES_DIR, name, 'src', 'worker.ts')));
const workerContainers = Object.keys(containers).filter((name) => name.endsWith('-worker'));
const appContainers = [...serviceDirs, ...workerContainers];

const INFRASTRUCTURE = ['kafka', 'postgres', 'redis', 'minio', 'minio-init', 'smtp', 'migrate'];
const ONE_SHOT = ['minio-init', 'migrate'];

describe('docker-compose.yml', () => {
  it('finds the services to check', () => {
    expect(serviceDirs).toEqual(expect.arrayContaining(['gateway', 'auth', 'cases']));
  });

  it('has the infrastructure containers', () => {
    for (const name of INFRASTRUCTURE) expect(Object.keys(containers)).toContain(name);
    expect(containers.kafka?.image).toBe('apache/kafka:3.9.1');
    expect(env('kafka').KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(containers.postgres?.image).toBe('postgres:17');
    expect(containers.redis?.image).toBe('redis:7');
    expect(commandOf('redis')).toContain('--appendonly yes');
    expect(commandOf('redis')).toContain('--maxmemory-policy noeviction');
    expect(commandOf('minio')).toMatch(/^server \/data/);
    expect(interpolate(containers.minio?.image)).toMatch(/^minio\/minio[:@]/);
  });

  it('mounts a postgres init script that exists and creates the rayworks role and database', () => {
    const mount = (containers.postgres?.volumes ?? []).find((v) => v.includes('/docker-entrypoint-initdb.d/'));
    expect(mount).toBeDefined();
    const hostPath = join(ROOT, mount!.split(':')[0]!);
    expect(existsSync(hostPath)).toBe(true);
    const script = readFileSync(hostPath, 'utf8');
    expect(script).toMatch(/CREATE ROLE rayworks LOGIN CREATEROLE NOSUPERUSER/);
    expect(script).toMatch(/CREATE DATABASE rayworks/);
  });

  it.each(serviceDirs)('runs services/%s in its own container', (name) => {
    expect(containers[name]).toBeDefined();
    expect(commandOf(name)).toBe(`node services/${name}/dist/main.js`);
    expect(env(name).PORT).toMatch(/^\d+$/);
  });

  it('runs a <name>-worker container for every service with src/worker.ts, and no other worker', () => {
    for (const name of servicesWithWorkers) {
      expect(containers[`${name}-worker`]).toBeDefined();
      expect(commandOf(`${name}-worker`)).toBe(`node services/${name}/dist/worker.js`);
    }
    for (const worker of workerContainers) {
      expect(serviceDirs).toContain(worker.slice(0, -'-worker'.length));
    }
  });

  it('gives every long-running container a health check, and app containers one on /health/ready', () => {
    for (const [name, container] of Object.entries(containers)) {
      if (ONE_SHOT.includes(name)) continue;
      expect({ name, healthcheck: Boolean(container.healthcheck?.test) && !container.healthcheck?.disable }).toEqual({
        name,
        healthcheck: true,
      });
    }
    for (const name of appContainers) {
      const test = containers[name]?.healthcheck?.test;
      const text = Array.isArray(test) ? test.join(' ') : (test ?? '');
      expect(text).toContain('/health/ready');
      expect(text).toContain('process.env.PORT');
    }
  });

  it('gives each service its own port, role and database URL; workers share their service database role', () => {
    const ports = appContainers.map((name) => env(name).PORT);
    expect(new Set(ports).size).toBe(ports.length);
    for (const name of serviceDirs.filter((n) => n !== 'gateway')) {
      expect(env(name).DATABASE_URL).toBe(`postgres://rayworks_${name}:rayworks@postgres:5432/rayworks`);
    }
    for (const worker of workerContainers) {
      const service = worker.slice(0, -'-worker'.length);
      expect(env(worker).DATABASE_URL).toBe(env(service).DATABASE_URL);
    }
    for (const name of appContainers) {
      const e = env(name);
      for (const key of [
        'REDIS_URL',
        'KAFKA_BROKERS',
        'S3_ENDPOINT',
        'S3_REGION',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_BUCKET',
        'SMTP_URL',
      ]) {
        expect({ name, key, set: Boolean(e[key]) }).toEqual({ name, key, set: true });
      }
    }
  });

  it('uses the ports libs/contracts gives each service', () => {
    expect(env('gateway').PORT).toBe(String(GATEWAY_PORT));
    for (const [name, port] of Object.entries(SERVICE_PORTS)) {
      if (containers[name]) expect({ name, port: env(name).PORT }).toEqual({ name, port: String(port) });
    }
  });

  it('points the gateway at every other service by name and port, and at the built console', () => {
    const gateway = env('gateway');
    expect(gateway.WEB_DIST_DIR).toBe('/app/web/dist');
    for (const name of serviceDirs.filter((n) => n !== 'gateway')) {
      expect(gateway[`SERVICE_URL_${name.toUpperCase()}`]).toBe(`http://${name}:${env(name).PORT}`);
    }
  });

  it('migrates once, with the owner role, before any service or worker starts', () => {
    expect(commandOf('migrate')).toBe('npm run migrate');
    expect(env('migrate').MIGRATION_DATABASE_URL).toBe('postgres://rayworks:rayworks@postgres:5432/rayworks');
    // scripts/stack.mjs migrate takes the owner URL from DATABASE_URL and derives each service's role from it
    expect(env('migrate').DATABASE_URL).toBe(env('migrate').MIGRATION_DATABASE_URL);
    expect(containers.migrate?.build?.dockerfile).toBe('deploy/docker/Dockerfile');
    expect(existsSync(join(ROOT, 'deploy/docker/Dockerfile'))).toBe(true);
    for (const name of appContainers.filter((n) => n !== 'gateway')) {
      expect({ name, migrate: dependsOn(name).migrate }).toEqual({ name, migrate: 'service_completed_successfully' });
      expect(containers[name]?.image).toBe(containers.migrate?.image);
    }
  });

  it('depends only on containers that exist, with conditions Compose knows', () => {
    const conditions = ['service_started', 'service_healthy', 'service_completed_successfully'];
    for (const name of Object.keys(containers)) {
      for (const [dependency, condition] of Object.entries(dependsOn(name))) {
        expect({ name, dependency, exists: dependency in containers }).toEqual({ name, dependency, exists: true });
        expect(conditions).toContain(condition);
        if (ONE_SHOT.includes(dependency)) expect(condition).toBe('service_completed_successfully');
      }
    }
  });

  it('uses only ${VAR}, ${VAR:-default} or $$ (no accidental Compose interpolation)', () => {
    const bad: string[] = [];
    RAW.split('\n').forEach((line, index) => {
      if (line.trimStart().startsWith('#')) return;
      for (let i = line.indexOf('$'); i !== -1; i = line.indexOf('$', i + 1)) {
        if (line[i + 1] === '$') {
          i += 1;
          continue;
        }
        if (!/^\$\{[A-Za-z_][A-Za-z0-9_]*(?::?[-?+][^}]*)?\}/.test(line.slice(i)))
          bad.push(`${index + 1}: ${line.trim()}`);
      }
    });
    expect(bad).toEqual([]);
  });
});
