import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomInt } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import {
  AUTH_API,
  GATEWAY_PORT,
  ROLE_CODES,
  SERVICE_NAMES,
  SERVICE_PORTS,
  SERVICES_WITH_WORKERS,
  workerPort,
  type ProvisionedTenant,
} from '@rayworks/contracts';
import {
  eventually,
  freePort,
  infraEnv,
  localJwksUrl,
  provisionTenant,
  startScript,
  stop,
  tenantQuery,
} from '@rayworks/testing';

/**
 * What a client outside can learn or forge through the gateway (issue 8, findings 3, 6, 8 and 9's log redaction):
 * forged X-Forwarded-For, the browser protections, exposed internals, secrets in access logs. Against the running
 * stack (npm test), plus a gateway of this file's own placed behind a "trusted proxy" (this test, on loopback).
 */
const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const LOG_DIR = process.env.LOG_DIR ?? join(ROOT, '.local/logs');
const DIST = join(ROOT, 'web/dist');
const PASSWORD = 'Expo@1234';
const suffix = randomBytes(3).toString('hex');
const loginName = `ex${suffix}.admin`;
/** An address from TEST-NET-3 nobody else uses: what an attacker claims to be. */
const forgedAddress = () => `203.0.113.${randomInt(1, 255)}`;

let tenant: ProvisionedTenant;

beforeAll(async () => {
  tenant = await provisionTenant({
    company: { name: `Exposure IT ${suffix}`, code: `it-ex-${suffix}` },
    centres: [{ key: 'c', name: `Exposure Centre ${suffix}`, code: `EX${suffix}` }],
    users: [
      {
        loginName,
        firstName: 'Expo',
        lastName: 'Admin',
        email: `${loginName}@it.rayworks.local`,
        role: ROLE_CODES.ADMIN,
        password: PASSWORD,
      },
    ],
  });
}, 60_000);

/** A login through a gateway with the headers a client chooses; the status only. */
async function loginVia(gateway: string, password: string, headers: Record<string, string>): Promise<number> {
  const reply = await new ApiClient({ baseUrl: gateway, renewTokens: false }).reply(
    AUTH_API.login,
    {},
    { headers: { ...loginHeaders(loginName, password), ...headers } },
  );
  return reply.status;
}

/** The addresses auth's audit log recorded for this file's user, per action. */
const auditedAddresses = (action: string) =>
  tenantQuery<{ address: string }>(
    tenant.tenantId,
    `SELECT address FROM auth.audit_log WHERE actor_login = $1 AND action = $2 ORDER BY id`,
    [loginName, action],
  ).then((rows) => rows.map((r) => r.address));

/** Redis keys that mention an address (the login limits count per address). */
async function redisKeysMentioning(address: string): Promise<string[]> {
  const redis = new Redis(infraEnv().redisUrl);
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `*${address}*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    return keys;
  } finally {
    redis.disconnect();
  }
}

/** One request with any method and the raw answer (fetch hides some headers and bodies of HEAD). */
function send(
  url: string,
  method: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The directives of a Content-Security-Policy header, by name. */
function cspOf(header: string | string[] | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('client addresses: the gateway sets X-Forwarded-For itself (finding 3)', () => {
  it('records a failed login with a forged X-Forwarded-For under the real peer address, in the audit log and the login limits', async () => {
    const forged = forgedAddress();
    expect(await loginVia(base, 'Wrong@0000', { 'x-forwarded-for': forged, 'x-real-ip': forged })).toBe(401);
    const addresses = await eventually(
      () => auditedAddresses('LOGIN_FAILURE'),
      (rows) => rows.length > 0,
      { what: 'the failed login in the audit log' },
    );
    expect(addresses).toEqual(['127.0.0.1']);
    expect(await redisKeysMentioning(forged)).toEqual([]);
  });

  it('records a successful login with a forged X-Forwarded-For chain under the real peer address', async () => {
    const forged = forgedAddress();
    expect(await loginVia(base, PASSWORD, { 'x-forwarded-for': `${forged}, 10.9.8.7` })).toBe(200);
    const addresses = await auditedAddresses('LOGIN_SUCCESS');
    expect(addresses).toContain('127.0.0.1');
    expect(addresses).not.toContain(forged);
    expect(addresses).not.toContain('10.9.8.7');
  });
});

describe('browser protections (finding 6)', () => {
  it('sends the console page with a strict CSP, no framing, nosniff, no referrer, and no X-Powered-By', async () => {
    const page = await send(`${base}/login`, 'GET', { accept: 'text/html' });
    expect(page.status).toBe(200);
    const csp = cspOf(page.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    // presigned object URLs: images and uploads go to the object store's origin
    const storage = new URL(infraEnv().s3.endpoint).origin;
    expect(csp['img-src']).toContain(storage);
    expect(csp['connect-src']).toEqual(["'self'", storage]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-powered-by']).toBeUndefined();
    // plain HTTP from a client that only claims HTTPS: no HSTS
    const claimed = await send(`${base}/login`, 'GET', { accept: 'text/html', 'x-forwarded-proto': 'https' });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('the console page has no inline script, and its assets carry the same protections', async () => {
    const page = await send(`${base}/`, 'GET', { accept: 'text/html' });
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)![1]!;
    const asset = await send(`${base}${entry}`, 'GET');
    expect(asset.status).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['x-powered-by']).toBeUndefined();
  });

  it('isolates the viewer page (COOP + COEP) with WebAssembly allowed, and leaves the console and its assets without COEP', async () => {
    const viewer = await send(`${base}/dicomviewer?case=00000000-0000-4000-8000-000000000000`, 'GET', {
      accept: 'text/html',
    });
    expect(viewer.status).toBe(200);
    expect(viewer.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(viewer.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(cspOf(viewer.headers['content-security-policy'])['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    const page = await send(`${base}/cases`, 'GET', { accept: 'text/html' });
    expect(page.headers['cross-origin-embedder-policy']).toBeUndefined();
    // the page's own scripts are same-origin with CORP same-origin: they load under require-corp
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(viewer.body)![1]!;
    const asset = await send(`${base}${entry}`, 'GET');
    expect(asset.status).toBe(200);
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('answers HEAD for console pages as GET does, without a body', async () => {
    for (const path of ['/login', '/users/view/42', '/']) {
      const head = await send(`${base}${path}`, 'HEAD', { accept: 'text/html' });
      expect({ path, status: head.status, type: head.headers['content-type'], body: head.body }).toEqual({
        path,
        status: 200,
        type: expect.stringMatching(/^text\/html/),
        body: '',
      });
      expect(head.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it("gives the services' JSON the API's policy (nothing loads, nothing frames) and drops their X-Powered-By", async () => {
    for (const service of SERVICE_NAMES) {
      const res = await send(`${base}/api/${service}/health/live`, 'GET');
      expect({ service, status: res.status, poweredBy: res.headers['x-powered-by'] }).toEqual({
        service,
        status: 200,
        poweredBy: undefined,
      });
      expect(cspOf(res.headers['content-security-policy'])).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // a service's own answer carries no X-Powered-By either (the kit turns it off)
    const direct = await send(`http://127.0.0.1:${SERVICE_PORTS.auth}/health/live`, 'GET');
    expect(direct.headers['x-powered-by']).toBeUndefined();
  });
});

describe('internals not exposed (finding 8)', () => {
  it('serves no source maps, and the console bundle points at none', async () => {
    const page = await send(`${base}/`, 'GET', { accept: 'text/html' });
    const scripts = [...page.body.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const js = await send(`${base}${script}`, 'GET');
      expect(js.body).not.toContain('sourceMappingURL');
      const map = await send(`${base}${script}.map`, 'GET');
      expect({ script, status: map.status }).toEqual({ script, status: 404 });
    }
    expect(readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it('the services and workers listen on loopback only; the gateway is the one process reachable from outside', async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    expect(outside).toBeDefined();
    const ports = [
      ...SERVICE_NAMES.map((s) => ({ name: s, port: SERVICE_PORTS[s] })),
      ...SERVICES_WITH_WORKERS.map((s) => ({ name: `${s}-worker`, port: workerPort(s) })),
    ];
    const reachable = (host: string, port: number) =>
      new Promise<boolean>((resolve) => {
        const socket = connect({ host, port });
        socket.setTimeout(3000, () => {
          socket.destroy();
          resolve(false);
        });
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
    for (const { name, port } of ports) {
      expect({ name, loopback: await reachable('127.0.0.1', port), outside: await reachable(outside!, port) }).toEqual({
        name,
        loopback: true,
        outside: false,
      });
    }
    expect(await reachable(outside!, GATEWAY_PORT)).toBe(true);
  });
});

describe('secrets kept out of access logs (finding 9)', () => {
  const logLines = (name: string) =>
    existsSync(join(LOG_DIR, `${name}.log`)) ? readFileSync(join(LOG_DIR, `${name}.log`), 'utf8').split('\n') : [];
  const lineOf = (name: string, requestId: string) =>
    eventually(
      async () => logLines(name).find((line) => line.includes(requestId) && line.includes('"msg":"request"')),
      (line) => line !== undefined,
      { what: `the ${name} access log line of ${requestId}` },
    );

  it("redacts a password-reset link's token in the gateway's and the services' access logs", async () => {
    const token = randomBytes(32).toString('base64url');
    const pageRequest = `it-redact-page-${suffix}`;
    const page = await send(`${base}/update-password?resetToken=${token}`, 'GET', {
      accept: 'text/html',
      'x-request-id': pageRequest,
    });
    expect(page.status).toBe(200);
    const gatewayLine = (await lineOf('gateway', pageRequest))!;
    expect(gatewayLine).toContain('/update-password?resetToken=[REDACTED]');
    expect(gatewayLine).not.toContain(token);

    const apiRequest = `it-redact-api-${suffix}`;
    await send(`${base}/api/auth/health/live?resetToken=${token}&page=2`, 'GET', { 'x-request-id': apiRequest });
    for (const log of ['gateway', 'auth']) {
      const line = (await lineOf(log, apiRequest))!;
      expect(line).toContain('resetToken=[REDACTED]&page=2');
      expect(line).not.toContain(token);
    }
  });
});

describe('a gateway behind a trusted proxy, in production settings', () => {
  let gateway: ReturnType<typeof startScript>;
  let url: string;
  let dist: string;

  beforeAll(async () => {
    // the built console plus a source map that a careless build left in it
    dist = mkdtempSync(join(tmpdir(), 'rayworks-dist-'));
    cpSync(DIST, dist, { recursive: true });
    writeFileSync(join(dist, 'assets', 'leftover-00000000.js.map'), '{"version":3,"sources":["secret.ts"]}');
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    gateway = startScript(fileURLToPath(new URL('../../dist/main.js', import.meta.url)), {
      PORT: String(port),
      REDIS_URL: process.env.REDIS_URL ?? infraEnv().redisUrl,
      LOG_LEVEL: 'warn',
      AUTH_JWKS_URL: localJwksUrl(),
      WEB_DIST_DIR: dist,
      // this test is the proxy in front: it connects from loopback
      TRUSTED_PROXIES: '127.0.0.1',
      API_DOCS_ENABLED: 'false',
      ...Object.fromEntries(
        SERVICE_NAMES.map((s) => [`SERVICE_URL_${s.toUpperCase()}`, `http://127.0.0.1:${SERVICE_PORTS[s]}`]),
      ),
    });
    await eventually(
      () => fetch(`${url}/health/live`).catch(() => null),
      (r) => r?.ok === true,
      { what: 'the gateway behind a trusted proxy up' },
    );
  }, 60_000);

  afterAll(async () => {
    if (gateway) await stop(gateway);
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it("believes the trusted proxy's X-Forwarded-For: the login is recorded under the client address it names", async () => {
    const client = forgedAddress();
    expect(await loginVia(url, PASSWORD, { 'x-forwarded-for': client })).toBe(200);
    expect(await auditedAddresses('LOGIN_SUCCESS')).toContain(client);
  });

  it('sends HSTS and upgrade-insecure-requests when the proxy says the browser came over HTTPS, and only then', async () => {
    const secure = await send(`${url}/login`, 'GET', { accept: 'text/html', 'x-forwarded-proto': 'https' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(cspOf(secure.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
    const api = await send(`${url}/api/auth/health/live`, 'GET', { 'x-forwarded-proto': 'https' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await send(`${url}/login`, 'GET', { accept: 'text/html' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('with API docs off, /docs and /docs-json answer 404', async () => {
    for (const path of ['/docs', '/docs/', '/docs-json']) {
      const res = await send(`${url}${path}`, 'GET', { accept: 'text/html' });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });

  it('refuses a source map even when the build left one in the served folder', async () => {
    expect(existsSync(join(dist, 'assets', 'leftover-00000000.js.map'))).toBe(true);
    const res = await send(`${url}/assets/leftover-00000000.js.map`, 'GET');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });
});
