import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_API, AUTH_HEADERS, IMAGING_API, decryptBody } from '@rayworks/contracts';
import {
  ApiClient,
  ApiError,
  credentialsOf,
  loginHeaders,
  readReadiness,
  withQuery,
  type Credentials,
} from './index.js';

/**
 * The client against a real HTTP server on a free local port (node:http): what goes over the wire (URL, headers,
 * encrypted body) and what comes back (contract check, errors, renewal). No fetch stub.
 */
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
type Handler = (req: Seen) => { status: number; body: unknown } | { status: number; raw: string };

const SESSION_TOKEN = '0b6c1c8e-3f8e-4a51-9d1a-3c2b1a0f9e8d.abcdefghijklmnopqrstuvwxyz012345';
const ok = (data: unknown, message = '') => ({ status: 200, body: { status: 'success', data, message } });
const err = (status: number, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { status: 'error', data: null, message, ...extra },
});
const role = {
  _id: '3f0e7a52-1d1b-4a8e-9b52-8f7e2d8c0a11',
  name: 'Desk',
  roleCode: 'RECEPTIONIST',
  description: null,
  isActive: true,
  isSystem: false,
  privileges: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let server: Server;
let base: string;
let seen: Seen[] = [];
let handler: Handler = () => err(500, 'no handler');

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const request = { method: req.method!, url: req.url!, headers: req.headers, body };
      seen.push(request);
      const answer = handler(request);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end('raw' in answer ? answer.raw : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

class MemorySession {
  renewals: { token: string; expiresAt: number }[] = [];
  constructor(public credentials: Credentials | null) {}
  current() {
    return this.credentials;
  }
  renewed(previous: Credentials, next: { token: string; expiresAt: number }) {
    this.renewals.push(next);
    if (this.credentials?.sessionToken === previous.sessionToken)
      this.credentials = { ...this.credentials, token: next.token, expiresAt: next.expiresAt };
  }
}

describe('ApiClient', () => {
  it('goes through the gateway prefix of the endpoint’s service and returns the data checked against the contract', async () => {
    handler = () => ok(role);
    const client = new ApiClient({ baseUrl: base });
    const data = await client.call(AUTH_API.getRole, { id: role._id }, { session: { token: 't1' } });
    expect(data.name).toBe('Desk');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/auth/role/get' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ id: role._id });
    expect(seen[0]!.headers.authorization).toBe('Bearer t1');
  });

  it('goes straight to a service with a per-service base URL and fills :params', async () => {
    handler = () => ok({ isAvailability: true });
    const client = new ApiClient({ baseUrl: (service) => `${base}/direct-${service}` });
    await client.call(AUTH_API.online, {}, { params: { userId: 'a b' }, session: { token: 't' } });
    expect(seen[0]!.url).toBe('/direct-auth/a%20b/online');
  });

  it('sends the session headers of spec §7 for a signed-in endpoint, with the privilege’s module', async () => {
    handler = () => ok(role);
    const session = new MemorySession({
      token: 'tok',
      sessionToken: SESSION_TOKEN,
      companyId: 'c1',
      groupId: 'g1',
      centerIds: ['x', 'y'],
    });
    await new ApiClient({ baseUrl: base, session, headers: { 'x-forwarded-for': '10.1.2.3' } }).call(AUTH_API.getRole, {
      id: role._id,
    });
    expect(seen[0]!.headers).toMatchObject({
      authorization: 'Bearer tok',
      [AUTH_HEADERS.sessionToken]: SESSION_TOKEN,
      [AUTH_HEADERS.sessionEnabled]: 'true',
      [AUTH_HEADERS.companyId]: 'c1',
      [AUTH_HEADERS.groupId]: 'g1',
      [AUTH_HEADERS.centerIds]: 'x,y',
      [AUTH_HEADERS.submoduleType]: 'ROLES',
      'x-forwarded-for': '10.1.2.3',
    });
  });

  it('sends no session on a public endpoint unless the call names one', async () => {
    handler = () => ok(null);
    const session = new MemorySession({ token: 'tok', sessionToken: SESSION_TOKEN });
    await new ApiClient({ baseUrl: base, session }).call(AUTH_API.forgotPassword, { loginName: 'x' });
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('encrypts the body for the session, so the service’s own decryption reads it', async () => {
    handler = () => ok(role);
    const session = new MemorySession({ token: 'tok', sessionToken: SESSION_TOKEN });
    await new ApiClient({ baseUrl: base, session, encryptBodies: true }).call(AUTH_API.getRole, { id: role._id });
    expect(seen[0]!.headers[AUTH_HEADERS.encrypted]).toBe('true');
    const sealed = JSON.parse(seen[0]!.body) as { data: string };
    expect(Object.keys(sealed)).toEqual(['data']);
    expect(await decryptBody(SESSION_TOKEN, sealed)).toEqual({ id: role._id });
  });

  it('logs in with the login headers and gives the credentials of the answer', async () => {
    const session = {
      token: 'access',
      sessionToken: SESSION_TOKEN,
      resetPassword: false,
      _id: 'u1',
      groupID: null,
      centerID: ['c'],
      expiresIn: 900,
      user: {
        _id: 'u1',
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.c',
        phoneNumber: null,
        roleCodes: [],
        roledetails: { name: 'r' },
        isAvailability: false,
        logo: null,
        profileImg: [],
        centerName: null,
        groupName: null,
        centerLogo: null,
        groupLogo: null,
        radiologistLogo: null,
        centerID: ['c'],
        groupID: null,
        companyID: 'tenant',
      },
    };
    handler = () => ok(session);
    const answer = await new ApiClient({ baseUrl: base }).call(
      AUTH_API.login,
      {},
      { headers: loginHeaders('admin', 'pw') },
    );
    expect(seen[0]!.headers).toMatchObject({ loginname: 'admin', password: 'pw' });
    expect(credentialsOf(answer, 1_000)).toEqual({
      token: 'access',
      sessionToken: SESSION_TOKEN,
      companyId: 'tenant',
      groupId: null,
      centerIds: ['c'],
      expiresAt: 901_000,
    });
  });

  it('turns an error answer into one ApiError with the status and the server’s message', async () => {
    handler = () => err(400, 'sortBy: Invalid option: expected one of "name"|"roleCode"|"createdAt"');
    const failure = await new ApiClient({ baseUrl: base })
      .call(AUTH_API.getRoles, { sortBy: 'name' }, { session: { token: 't' } })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      kind: 'http',
      status: 400,
      service: 'auth',
      path: '/get/roles',
      serverMessage: 'sortBy: Invalid option: expected one of "name"|"roleCode"|"createdAt"',
    });
  });

  it('names the service the gateway could not reach (503)', async () => {
    handler = () => err(503, 'The auth service is unavailable. Please try again shortly.', { service: 'auth' });
    const failure = await new ApiClient({ baseUrl: base }).call(AUTH_API.config).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'http', status: 503, unavailableService: 'auth' });
  });

  it('refuses a success whose data breaks the contract, naming the field', async () => {
    handler = () => ok({ ...role, isActive: 'yes' });
    const failure = await new ApiClient({ baseUrl: base })
      .call(AUTH_API.getRole, { id: role._id }, { session: { token: 't' } })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'invalid-response', status: 200 });
    expect((failure as Error).message).toContain('data.isActive');
  });

  it('refuses a success that is not JSON, and keeps the status of an error answer that is not', async () => {
    handler = () => ({ status: 200, raw: '<html>hello</html>' });
    const invalid = await new ApiClient({ baseUrl: base })
      .call(AUTH_API.config, undefined, { session: { token: 't' } })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ kind: 'invalid-response', status: 200 });
    handler = () => ({ status: 502, raw: '<html>bad gateway</html>' });
    const proxy = await new ApiClient({ baseUrl: base })
      .call(AUTH_API.config, undefined, { session: { token: 't' } })
      .catch((e: unknown) => e);
    expect(proxy).toMatchObject({ kind: 'http', status: 502, serverMessage: null });
  });

  it('reports a refused connection as a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = await new ApiClient({ baseUrl: `http://127.0.0.1:${port}` })
      .call(AUTH_API.config)
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'network', status: null, service: 'auth' });
  });

  it('returns whole error answers with reply() for tests that assert them', async () => {
    handler = () => err(404, 'Not found');
    const reply = await new ApiClient({ baseUrl: base }).reply(
      AUTH_API.getRole,
      { id: role._id },
      { session: { token: 't' } },
    );
    expect(reply).toEqual({ status: 404, body: { status: 'error', data: null, message: 'Not found' } });
  });

  it('renews an expired token after a 401 and repeats the call once', async () => {
    handler = (req) => {
      if (req.url === '/api/auth/token/refresh') return ok({ token: 'new', expiresIn: 900, resetPassword: false });
      return req.headers.authorization === 'Bearer new' ? ok(role) : err(401, 'Please log in to continue.');
    };
    const session = new MemorySession({ token: 'old', sessionToken: SESSION_TOKEN });
    let renewedCalls = 0;
    const client = new ApiClient({ baseUrl: base, session, onRenewed: () => renewedCalls++ });
    expect((await client.call(AUTH_API.getRole, { id: role._id })).name).toBe('Desk');
    expect(seen.map((s) => s.url)).toEqual(['/api/auth/role/get', '/api/auth/token/refresh', '/api/auth/role/get']);
    expect(seen[1]!.headers[AUTH_HEADERS.sessionToken]).toBe(SESSION_TOKEN);
    expect(session.credentials?.token).toBe('new');
    expect(renewedCalls).toBe(1);
  });

  it('renews before the token expires, once for calls made together', async () => {
    handler = (req) =>
      req.url === '/api/auth/token/refresh' ? ok({ token: 'fresh', expiresIn: 900, resetPassword: false }) : ok(role);
    const session = new MemorySession({ token: 'old', sessionToken: SESSION_TOKEN, expiresAt: Date.now() + 10_000 });
    const client = new ApiClient({ baseUrl: base, session });
    await Promise.all([1, 2, 3].map(() => client.call(AUTH_API.getRole, { id: role._id })));
    expect(seen.filter((s) => s.url === '/api/auth/token/refresh')).toHaveLength(1);
    expect(seen.filter((s) => s.url === '/api/auth/role/get').map((s) => s.headers.authorization)).toEqual([
      'Bearer fresh',
      'Bearer fresh',
      'Bearer fresh',
    ]);
  });

  it('marks a background call, and the renewal it causes, so neither slides the idle timeout', async () => {
    handler = (req) =>
      req.url === '/api/auth/token/refresh' ? ok({ token: 'fresh', expiresIn: 900, resetPassword: false }) : ok(role);
    const session = new MemorySession({ token: 'old', sessionToken: SESSION_TOKEN, expiresAt: Date.now() + 10_000 });
    const client = new ApiClient({ baseUrl: base, session });
    await client.call(AUTH_API.getRole, { id: role._id }, { background: true });
    expect(seen.map((s) => [s.url, s.headers[AUTH_HEADERS.background]])).toEqual([
      ['/api/auth/token/refresh', 'true'],
      ['/api/auth/role/get', 'true'],
    ]);
    await client.call(AUTH_API.getRole, { id: role._id });
    expect(seen[2]!.headers[AUTH_HEADERS.background]).toBeUndefined();
  });

  it('answers 440 when the renewal says the session expired', async () => {
    handler = (req) =>
      req.url === '/api/auth/token/refresh'
        ? err(440, 'Your session has expired.')
        : err(401, 'Please log in to continue.');
    const session = new MemorySession({ token: 'old', sessionToken: SESSION_TOKEN });
    const failure = await new ApiClient({ baseUrl: base, session }).call(AUTH_API.config).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'http', status: 440 });
    expect(session.renewals).toEqual([]);
  });

  it('does not renew a caller given per call, so tests see the first 401', async () => {
    handler = () => err(401, 'Please log in to continue.');
    const session = new MemorySession({ token: 'old', sessionToken: SESSION_TOKEN });
    const reply = await new ApiClient({ baseUrl: base, session }).reply(AUTH_API.config, undefined, {
      session: { token: 'x', sessionToken: SESSION_TOKEN },
    });
    expect(reply.status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('reads a readiness report answered with 503 (not ready) as a report', async () => {
    const report = { service: 'cases', status: 'not-ready', checks: {}, checkedAt: '2026-01-01T00:00:00.000Z' };
    handler = () => ({ status: 503, body: report });
    expect(await readReadiness(new ApiClient({ baseUrl: base }), 'cases')).toEqual(report);
    expect(seen[0]!.url).toBe('/api/cases/health/ready');
    await readReadiness(new ApiClient({ baseUrl: base }), 'gateway');
    expect(seen[1]!.url).toBe('/health/ready');
  });

  it('reads the gateway’s 503 for an unreachable service as an http failure naming it', async () => {
    handler = () => err(503, 'unavailable', { service: 'lims' });
    const failure = await readReadiness(new ApiClient({ baseUrl: base }), 'lims').catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'http', status: 503, unavailableService: 'lims' });
  });

  it('sends a GET contract’s body as its query string, and no body', async () => {
    const importId = '0f2c7a52-1d1b-4a8e-9b52-8f7e2d8c0a11';
    handler = () => ok({ importId, presignedUrl: 'http://s3/x', parts: null });
    const query = {
      groupId: '1c9e7a52-1d1b-4a8e-9b52-8f7e2d8c0a11',
      centerId: '2d9e7a52-1d1b-4a8e-9b52-8f7e2d8c0a11',
      source: 'R2' as const,
      studyId: '1.2.3',
      size: 1024,
    };
    await new ApiClient({ baseUrl: base }).call(IMAGING_API.presignedUrl, query, { session: { token: 't' } });
    const url = new URL(seen[0]!.url, base);
    expect(seen[0]!.method).toBe('GET');
    expect(url.pathname).toBe('/api/imaging/presignedUrl');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...query, size: '1024' });
    expect(seen[0]!.body).toBe('');
  });
});

describe('withQuery', () => {
  it('writes each defined value, repeats an array’s key, leaves out undefined and encodes', () => {
    expect(withQuery('/p', { a: 'x y', n: 2, t: true, l: ['1', '2'], u: undefined })).toBe(
      '/p?a=x+y&n=2&t=true&l=1&l=2',
    );
    expect(withQuery('/p?k=1', { a: 'b' })).toBe('/p?k=1&a=b');
    expect(withQuery('/p', {})).toBe('/p');
    expect(withQuery('/p', undefined)).toBe('/p');
  });

  it('refuses an object value (it has no query-string form)', () => {
    expect(() => withQuery('/p', { filter: { a: 1 } })).toThrow('filter: an object has no query-string form');
  });
});

describe('a call cancelled while its answer arrives', () => {
  it('rejects as an abort, not as an answer that breaks the contract', async () => {
    const controller = new AbortController();
    const abort = Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    const client = new ApiClient({
      baseUrl: 'http://127.0.0.1:9',
      // the headers came, then the caller cancelled: reading the body fails with the abort
      fetch: (async () => {
        controller.abort();
        return {
          status: 200,
          headers: new Headers(),
          text: () => Promise.reject(abort),
        } as unknown as Response;
      }) as typeof fetch,
    });
    const call = client.call(AUTH_API.getPreferences, {}, { signal: controller.signal });
    await expect(call).rejects.toBe(abort);
  });
});
