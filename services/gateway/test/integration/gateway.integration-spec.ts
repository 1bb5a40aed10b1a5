import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { ApiClient, ApiError, credentialsOf, loginHeaders, readReadiness } from '@rayworks/api-client';
import {
  AUTH_API,
  AUTH_MESSAGES,
  GATEWAY_PORT,
  REALTIME_PATH,
  ROLE_CODES,
  SERVICE_NAMES,
  SERVICE_PORTS,
  SERVICE_SUBSCRIPTIONS,
  livenessReportSchema,
  parseSessionToken,
  SESSION_EXPIRED_STATUS,
  serviceUnavailableMessage,
  socketRoom,
  type ProvisionedTenant,
  type UserSession,
} from '@rayworks/contracts';
import { sessionKeys } from '@rayworks/nest-kit';
import { eventually, freePort, infraEnv, localJwksUrl, provisionTenant, startScript, stop } from '@rayworks/testing';

/** The running system (npm test starts it) as the browser reaches it: only through the gateway. */
const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
const PASSWORD = 'Gate@1234';
const suffix = randomBytes(3).toString('hex');
const login = (who: string) => `gw${suffix}.${who}`;

/** A tenant of this test file, made through the auth service's provisioner (libs/testing provisionTenant). */
let tenant: ProvisionedTenant;

async function provisionOwnTenant(): Promise<void> {
  tenant = await provisionTenant({
    company: { name: `Gateway IT ${suffix}`, code: `it-gw-${suffix}` },
    centres: [{ key: 'c', name: `Gateway Centre ${suffix}`, code: `GW${suffix}` }],
    users: [
      {
        loginName: login('admin'),
        firstName: 'Gate',
        lastName: 'Admin',
        email: `${login('admin')}@it.rayworks.local`,
        role: ROLE_CODES.ADMIN,
        password: PASSWORD,
      },
      {
        loginName: login('reception'),
        firstName: 'Gate',
        lastName: 'Desk',
        email: `${login('reception')}@it.rayworks.local`,
        role: ROLE_CODES.RECEPTIONIST,
        centres: ['c'],
        password: PASSWORD,
      },
    ],
  });
}

/** The typed client (libs/api-client), through the gateway as the browser reaches it. */
const client = new ApiClient({ baseUrl: base });

/** Logs in through the gateway, as the console does. */
const loginThroughGateway = (who: string): Promise<UserSession> =>
  client.call(AUTH_API.login, {}, { headers: loginHeaders(login(who), PASSWORD) });

const logoutThroughGateway = async (session: UserSession): Promise<void> => {
  await client.call(AUTH_API.logout, {}, { session: credentialsOf(session) });
};

function connect(auth?: Record<string, unknown>, url = base): Socket {
  return io(url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, auth });
}

/** The first hello, or the refusal of the connection. */
function firstAnswer(
  socket: Socket,
): Promise<{ hello?: { gateway: string }; refused?: Error & { data?: { status: number } } }> {
  return new Promise((resolve) => {
    socket.on('system:hello', (hello) => resolve({ hello }));
    socket.on('connect_error', (refused) => resolve({ refused }));
  });
}

beforeAll(async () => provisionOwnTenant(), 60_000);

describe('gateway', () => {
  it('reports every service ready through /api/<service>/health/ready, and itself ready', async () => {
    for (const service of SERVICE_NAMES) {
      const report = await readReadiness(client, service);
      expect(report).toMatchObject({ service, status: 'ready' });
      // and, where the service's consumer has handlers, its group (docs/decisions/0198)
      const group = `consumer:${service}.${SERVICE_SUBSCRIPTIONS[service].purpose}`;
      expect(
        Object.keys(report.checks)
          .filter((name) => name !== group)
          .sort(),
      ).toEqual(['database', 'kafka', 'redis', 'storage']);
      if (service === 'cases' || service === 'reporting') expect(report.checks[group]?.status).toBe('up');
    }
    const own = await readReadiness(client, 'gateway');
    expect(own).toMatchObject({ service: 'gateway', status: 'ready' });
    expect(Object.keys(own.checks).sort()).toEqual(['console', 'redis', 'services']);
  });

  it('strips the /api/<service> prefix and forwards the correlation id', async () => {
    const res = await client.raw('lims', 'GET', '/health/live', undefined, {
      headers: { 'x-correlation-id': 'it-flow-1' },
    });
    expect(livenessReportSchema.parse(res.body).service).toBe('lims');
    expect(res.headers.get('x-correlation-id')).toBe('it-flow-1');
  });

  it('serves each service OpenAPI document', async () => {
    const doc = (await client.raw('auth', 'GET', '/docs-json')).body as {
      info: { title: string };
      paths: Record<string, unknown>;
    };
    expect(doc.info.title).toBe('Rayworks auth API');
    expect(Object.keys(doc.paths)).toContain('/health/ready');
    // Metrics are not public: each process serves them on its internal port (metrics.integration-spec.ts).
  });

  it("lists a service's dead letters to platform admins only (401 without a session, 403 for others)", async () => {
    const deadLetters = (service: (typeof SERVICE_NAMES)[number], session: UserSession | null) =>
      client.raw(service, 'GET', '/ops/dead-letters?limit=5', undefined, {
        session: session && credentialsOf(session),
      });
    const anonymous = await deadLetters('cases', null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: 'error', data: null, message: AUTH_MESSAGES.unauthorized });
    const desk = await loginThroughGateway('reception');
    expect((await deadLetters('cases', desk)).status).toBe(403);
    const admin = await loginThroughGateway('admin');
    for (const service of SERVICE_NAMES) {
      const res = await deadLetters(service, admin);
      expect({ service, status: res.status }).toEqual({ service, status: 200 });
      expect(Array.isArray((res.body as { data: unknown }).data)).toBe(true);
    }
  });

  it('serves the console for deep links, but not for API paths', async () => {
    const page = await fetch(`${base}/cases/import`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await client.raw(null, 'GET', '/api/nothing-here/x', undefined, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
  });

  it('refuses socket.io connections without a valid access token and a live session', async () => {
    const admin = await loginThroughGateway('admin');
    for (const auth of [
      undefined,
      { userId: admin._id },
      { token: admin.token },
      { token: admin.token, sessionToken: `${admin.sessionToken.slice(0, -2)}xx` },
      { token: 'forged', sessionToken: admin.sessionToken },
    ]) {
      const socket = connect(auth);
      try {
        const answer = await firstAnswer(socket);
        expect({
          auth,
          hello: answer.hello,
          message: answer.refused?.message,
          status: answer.refused?.data?.status,
        }).toEqual({
          auth,
          hello: undefined,
          message: AUTH_MESSAGES.unauthorized,
          status: 401,
        });
      } finally {
        socket.close();
      }
    }
  });

  it("says hello over socket.io at /realtime to an authenticated socket, which joins its user, session and reach's rooms (not the company's)", async () => {
    const desk = await loginThroughGateway('reception');
    const socket = connect({ token: desk.token, sessionToken: desk.sessionToken });
    // a socket.io server of the test on the same Redis adapter, not listening: it can ask the gateway's rooms
    const pub = new Redis(infraEnv().redisUrl);
    const sub = pub.duplicate();
    const observer = new Server({ adapter: createAdapter(pub, sub) });
    try {
      const answer = await firstAnswer(socket);
      expect(answer.hello?.gateway).toMatch(/:\d+$/);
      const rooms = await eventually(
        async () =>
          (await observer.in(socketRoom.user(desk._id)).fetchSockets()).flatMap((s) =>
            [...s.rooms].filter((r) => r !== s.id),
          ),
        (r) => r.includes(socketRoom.session(parseSessionToken(desk.sessionToken)!.sessionId)),
        { what: 'the socket in its rooms' },
      );
      // a receptionist hears its centre's cases, never the whole company's (docs/decisions/0219)
      expect(new Set(rooms)).toEqual(
        new Set([
          socketRoom.user(desk._id),
          socketRoom.casesOfCentre(tenant.centres.c!),
          socketRoom.session(parseSessionToken(desk.sessionToken)!.sessionId),
        ]),
      );
    } finally {
      socket.close();
      observer.of('/').adapter.close();
      pub.disconnect();
      sub.disconnect();
    }
  });

  it('closes an open socket as soon as its session ends (logout); its reconnection is refused with 401', async () => {
    const desk = await loginThroughGateway('reception');
    const socket = connect({ token: desk.token, sessionToken: desk.sessionToken });
    try {
      expect((await firstAnswer(socket)).hello).toBeDefined();
      const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
      await logoutThroughGateway(desk);
      expect(await closed).toBe('io server disconnect');
      const again = connect({ token: desk.token, sessionToken: desk.sessionToken });
      try {
        const answer = await firstAnswer(again);
        expect([answer.refused?.message, answer.refused?.data?.status]).toEqual([AUTH_MESSAGES.unauthorized, 401]);
      } finally {
        again.close();
      }
    } finally {
      socket.close();
    }
  });

  it('refuses a socket of a session that has ended (logout) with 401', async () => {
    const desk = await loginThroughGateway('reception');
    await logoutThroughGateway(desk);
    const socket = connect({ token: desk.token, sessionToken: desk.sessionToken });
    try {
      const answer = await firstAnswer(socket);
      expect([answer.refused?.message, answer.refused?.data?.status]).toEqual([AUTH_MESSAGES.unauthorized, 401]);
    } finally {
      socket.close();
    }
  });
});

/** A GET whose body is returned as sent (fetch would decode it), with the response headers. */
function rawGet(
  path: string,
  headers: Record<string, string>,
  origin = base,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('console delivery: compression, caching, robots.txt', () => {
  const dist = fileURLToPath(new URL('../../../../web/dist/', import.meta.url));
  const indexHtml = readFileSync(`${dist}index.html`, 'utf8');
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)![1]!;
  const entryOnDisk = readFileSync(`${dist}${entry.slice(1)}`);

  it('sends a hashed asset brotli-compressed to a browser that accepts br, cached for a year as immutable', async () => {
    const res = await rawGet(entry, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body.length).toBeLessThan(entryOnDisk.length / 2);
    expect(brotliDecompressSync(res.body).equals(entryOnDisk)).toBe(true);
  });

  it('falls back to gzip, and to the plain file for a client that accepts no encoding', async () => {
    const gzip = await rawGet(entry, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(entryOnDisk)).toBe(true);
    const plain = await rawGet(entry, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(entryOnDisk)).toBe(true);
  });

  it('serves index.html for deep links compressed and revalidated on every use (no-cache), as well as version.json', async () => {
    const page = await rawGet('/users/view/42', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString('utf8')).toBe(indexHtml);
    const version = await rawGet('/version.json', {});
    expect(version.status).toBe(200);
    expect(version.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing hashed asset, never the console page in its place', async () => {
    const res = await rawGet('/assets/index-00000000.js', { accept: '*/*' });
    expect(res.status).toBe(404);
    expect(res.body.toString('utf8')).not.toContain('<div id="root">');
  });

  it('has a real /robots.txt that keeps crawlers out', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
  });

  it("compresses the services' JSON forwarded through /api, and leaves small answers as they are", async () => {
    const doc = await rawGet('/api/auth/docs-json', { 'accept-encoding': 'br' });
    expect(doc.status).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    const parsed = JSON.parse(brotliDecompressSync(doc.body).toString('utf8')) as { info: { title: string } };
    expect(parsed.info.title).toBe('Rayworks auth API');
    const live = await rawGet('/api/auth/health/live', { 'accept-encoding': 'br' });
    expect(live.status).toBe(200);
    expect(live.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(live.body.toString('utf8'))).toMatchObject({ service: 'auth' });
  });

  it('forwards the answer as the service compressed it, never compressing it a second time (decision 0371)', async () => {
    const direct = await rawGet('/docs-json', { 'accept-encoding': 'br' }, `http://127.0.0.1:${SERVICE_PORTS.auth}`);
    expect(direct.headers['content-encoding']).toBe('br');
    const through = await rawGet('/api/auth/docs-json', { 'accept-encoding': 'br' });
    expect(through.headers['content-encoding']).toBe('br');
    expect(through.body.equals(direct.body)).toBe(true);
    const gzip = await rawGet('/api/auth/docs-json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(
      JSON.parse(brotliDecompressSync(through.body).toString('utf8')),
    );
  });
});

describe('a second gateway: one service down, open sockets checked against their sessions every second', () => {
  let gateway: ReturnType<typeof startScript>;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    const closed = await freePort();
    gateway = startScript(fileURLToPath(new URL('../../dist/main.js', import.meta.url)), {
      PORT: String(port),
      REDIS_URL: process.env.REDIS_URL!,
      LOG_LEVEL: 'warn',
      AUTH_JWKS_URL: localJwksUrl(),
      WEB_DIST_DIR: fileURLToPath(new URL('../../../../web/dist', import.meta.url)),
      REALTIME_SESSION_SWEEP_SECONDS: '1',
      ...Object.fromEntries(
        SERVICE_NAMES.map((s) => [
          `SERVICE_URL_${s.toUpperCase()}`,
          `http://127.0.0.1:${s === 'lims' ? closed : SERVICE_PORTS[s]}`,
        ]),
      ),
    });
    await eventually(
      () => fetch(`http://127.0.0.1:${port}/health/live`),
      (r) => r.ok,
      { what: 'second gateway up' },
    );
  });

  afterAll(async () => gateway && stop(gateway));

  it('answers 503 with a message naming that service, the client says which, and the gateway is not ready', async () => {
    const second = new ApiClient({ baseUrl: `http://127.0.0.1:${port}` });
    const res = await second.raw('lims', 'GET', '/health/live');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(res.body).toEqual({
      status: 'error',
      data: null,
      message: serviceUnavailableMessage('lims'),
      service: 'lims',
    });
    const failure = await readReadiness(second, 'lims').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'http', status: 503, unavailableService: 'lims' });
    const report = await readReadiness(second, 'gateway');
    expect(report.status).toBe('not-ready');
    expect(report.checks.services).toMatchObject({ status: 'down', error: 'not ready: lims' });
    // the other services still answer through it
    expect((await second.raw('cases', 'GET', '/health/live')).status).toBe(200);
  });

  it('closes a socket whose session has ended by idleness; its reconnection is refused with 440', async () => {
    const desk = await loginThroughGateway('reception');
    const second = `http://127.0.0.1:${port}`;
    const socket = connect({ token: desk.token, sessionToken: desk.sessionToken }, second);
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      expect((await firstAnswer(socket)).hello).toBeDefined();
      const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
      // What the idle timeout does: the session's key expires in Redis. Nobody announces it; the sweep finds it.
      await redis.del(sessionKeys.session(parseSessionToken(desk.sessionToken)!.sessionId));
      expect(await closed).toBe('io server disconnect');
      const again = connect({ token: desk.token, sessionToken: desk.sessionToken }, second);
      try {
        const answer = await firstAnswer(again);
        expect([answer.refused?.message, answer.refused?.data?.status]).toEqual([
          AUTH_MESSAGES.sessionExpired,
          SESSION_EXPIRED_STATUS,
        ]);
      } finally {
        again.close();
      }
    } finally {
      socket.close();
      redis.disconnect();
    }
  });
});
