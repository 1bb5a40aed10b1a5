import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { io } from 'socket.io-client';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  AUTH_JWKS_PATH,
  GATEWAY_PORT,
  REALTIME_PATH,
  SERVICE_NAMES,
  SERVICE_PORTS,
  type ServiceName,
  type UserSession,
} from '@rayworks/contracts';
import {
  AccessTokens,
  generateSigningKey,
  issuerTokenKeys,
  readSigningKeySet,
  type PrivateSigningJwk,
} from '@rayworks/nest-kit';
import { eventually, freePort, localSigningKeysFile, startScript, stop } from '@rayworks/testing';
import { localAccessTokens, startAuthProcess } from '../support/auth-process.js';
import { standardTenant, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

/**
 * Security finding 2 against the running system (gateway, every service, Redis): access tokens are signed by the
 * auth service alone with an Ed25519 key named by its kid; every process verifies with the public keys auth
 * publishes (JWKS), so nothing signed another way passes, and the session check compares the tenant too.
 * docs/decisions/0060-asymmetric-access-tokens.md.
 */
const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`;
/** The HMAC secrets every process held before: the local one and the Compose file's default. */
const OLD_SECRETS = [
  'rayworks-local-development-token-secret-not-for-production',
  'rayworks-compose-development-token-secret-change-me',
];

const gateway = new ApiClient({ baseUrl: GATEWAY });

/** An authenticated call to each service through the gateway: auth's configuration, the others' dead letters. */
async function statusAt(service: ServiceName, credentials: Credentials, base = gateway): Promise<number> {
  if (service === 'auth') return (await base.reply(AUTH_API.config, undefined, { session: credentials })).status;
  return (await base.raw(service, 'GET', '/ops/dead-letters', undefined, { session: credentials })).status;
}

/** Every service's answer to a token, through the gateway. */
const statusesEverywhere = async (credentials: Credentials) =>
  Object.fromEntries(await Promise.all(SERVICE_NAMES.map(async (s) => [s, await statusAt(s, credentials)] as const)));

/** The gateway's own check of a token: its socket.io handshake (accepted, or refused with the HTTP status). */
function socketAnswer(credentials: Credentials, url = GATEWAY): Promise<'accepted' | number> {
  const socket = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { token: credentials.token, sessionToken: credentials.sessionToken },
  });
  return new Promise<'accepted' | number>((resolve) => {
    socket.on('system:hello', () => resolve('accepted'));
    socket.on('connect_error', (error: Error & { data?: { status: number } }) => resolve(error.data?.status ?? 0));
  }).finally(() => socket.close());
}

/** A token with the same claims as a real one, signed with HS256 and a shared secret, as the old processes did. */
async function hs256Copy(token: string, secret: string): Promise<string> {
  const { kid } = decodeProtectedHeader(token);
  return new SignJWT(decodeJwt(token))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
    .sign(new TextEncoder().encode(secret));
}

/** The same principal signed by a key of its own (optionally claiming another key's kid). */
async function signedBy(key: PrivateSigningJwk, tokens: AccessTokens, token: string): Promise<string> {
  const principal = await tokens.verify(token);
  return (await new AccessTokens(await issuerTokenKeys({ keys: [key] }), 900).sign(principal)).token;
}

let t: StandardTenant;
let session: UserSession;
let real: Credentials;
let tokens: AccessTokens;

beforeAll(async () => {
  t = await standardTenant('keys');
  session = await gateway.call(AUTH_API.login, {}, { headers: loginHeaders(t.login('admin'), TEST_PASSWORD) });
  real = credentialsOf(session);
  tokens = await localAccessTokens();
}, 60_000);

describe('access tokens signed by auth alone (Ed25519, JWKS)', () => {
  it('publishes its public keys through the gateway, with key ids and no private part', async () => {
    const res = await gateway.raw('auth', 'GET', AUTH_JWKS_PATH);
    expect(res.status).toBe(200);
    const jwks = res.body as { keys: Record<string, string>[] };
    const { kid } = decodeProtectedHeader(real.token);
    expect(jwks.keys.map((k) => k.kid)).toContain(kid);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
  });

  it('every service and the gateway accept the token auth signed', async () => {
    expect(decodeProtectedHeader(real.token).alg).toBe('EdDSA');
    const statuses = await statusesEverywhere(real);
    expect(statuses.auth).toBe(200);
    for (const service of SERVICE_NAMES)
      expect({ service, status: statuses[service] }).not.toMatchObject({ status: 401 });
    expect(await socketAnswer(real)).toBe('accepted');
  });

  it('every service and the gateway refuse a token signed HS256 with the old shared secret (401)', async () => {
    for (const secret of OLD_SECRETS) {
      const forged = { ...real, token: await hs256Copy(real.token, secret) };
      expect(await statusesEverywhere(forged)).toEqual(Object.fromEntries(SERVICE_NAMES.map((s) => [s, 401])));
      expect(await socketAnswer(forged)).toBe(401);
    }
  });

  it('every service and the gateway refuse a token signed by a key not in the JWKS, whatever kid it claims', async () => {
    const stranger = await generateSigningKey();
    const { kid } = decodeProtectedHeader(real.token);
    for (const key of [stranger, { ...stranger, kid: kid! }]) {
      const forged = { ...real, token: await signedBy(key, tokens, real.token) };
      expect(await statusesEverywhere(forged)).toEqual(Object.fromEntries(SERVICE_NAMES.map((s) => [s, 401])));
      expect(await socketAnswer(forged)).toBe(401);
    }
  });

  it("every service and the gateway refuse a token whose tenant is not its session's (401)", async () => {
    const principal = await tokens.verify(real.token);
    const otherTenant = randomUUID();
    const forged: Credentials = {
      ...real,
      companyId: otherTenant,
      token: (await tokens.sign({ ...principal, tenantId: otherTenant })).token,
    };
    expect(await statusesEverywhere(forged)).toEqual(Object.fromEntries(SERVICE_NAMES.map((s) => [s, 401])));
    expect(await socketAnswer(forged)).toBe(401);
    // the real token of that session still works: only the forgery was refused
    expect(await statusAt('auth', real)).toBe(200);
  });
});

describe('key rotation without downtime', () => {
  let rotated: Awaited<ReturnType<typeof startAuthProcess>>;
  let newKey: PrivateSigningJwk;
  let oldKids: string[];
  let secondGateway: ReturnType<typeof startScript>;
  let secondGatewayUrl: string;

  beforeAll(async () => {
    const current = readSigningKeySet({ AUTH_SIGNING_KEYS_FILE: localSigningKeysFile() });
    oldKids = current.keys.map((k) => k.kid);
    newKey = await generateSigningKey();
    // auth after a rotation: the new key first (it signs), the previous ones still published (they verify)
    rotated = await startAuthProcess({ AUTH_SIGNING_KEYS: JSON.stringify({ keys: [newKey, ...current.keys] }) });
    // a gateway that verifies with the rotated auth's JWKS, fetched and cached like every process does
    const port = await freePort();
    secondGatewayUrl = `http://127.0.0.1:${port}`;
    secondGateway = startScript(fileURLToPath(new URL('../../../gateway/dist/main.js', import.meta.url)), {
      PORT: String(port),
      REDIS_URL: process.env.REDIS_URL!,
      LOG_LEVEL: 'warn',
      AUTH_JWKS_URL: `${rotated.url}${AUTH_JWKS_PATH}`,
      WEB_DIST_DIR: fileURLToPath(new URL('../../../../web/dist', import.meta.url)),
      ...Object.fromEntries(
        SERVICE_NAMES.map((s) => [
          `SERVICE_URL_${s.toUpperCase()}`,
          s === 'auth' ? rotated.url : `http://127.0.0.1:${SERVICE_PORTS[s]}`,
        ]),
      ),
    });
    await eventually(
      () =>
        fetch(`${secondGatewayUrl}/health/live`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200 || secondGateway.exitCode !== null,
      { what: 'the second gateway live', timeoutMs: 60_000, intervalMs: 250 },
    );
    if (secondGateway.exitCode !== null) throw new Error(`gateway exited: ${secondGateway.output()}`);
  }, 120_000);

  afterAll(async () => {
    if (secondGateway) await stop(secondGateway);
    await rotated?.close();
  });

  it('publishes the new key and the previous ones; new tokens carry the new kid', async () => {
    const viaGateway = new ApiClient({ baseUrl: secondGatewayUrl });
    const jwks = (await viaGateway.raw('auth', 'GET', AUTH_JWKS_PATH)).body as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([newKey.kid, ...oldKids]);
    const fresh = await viaGateway.call(AUTH_API.login, {}, { headers: loginHeaders(t.login('rad'), TEST_PASSWORD) });
    expect(decodeProtectedHeader(fresh.token).kid).toBe(newKey.kid);
    expect(await statusAt('auth', credentialsOf(fresh), viaGateway)).toBe(200);
    expect(await socketAnswer(credentialsOf(fresh), secondGatewayUrl)).toBe('accepted');
  });

  it('a token signed with the previous key still works, and still renews (now with the new key)', async () => {
    const viaGateway = new ApiClient({ baseUrl: secondGatewayUrl });
    expect(oldKids).toContain(decodeProtectedHeader(real.token).kid);
    expect(await statusAt('auth', real, viaGateway)).toBe(200);
    expect(await socketAnswer(real, secondGatewayUrl)).toBe('accepted');
    const renewed = await viaGateway.call(AUTH_API.refreshToken, {}, { session: real });
    expect(decodeProtectedHeader(renewed.token).kid).toBe(newKey.kid);
  });

  it('a token of a key that was never published is still refused', async () => {
    const forged = { ...real, token: await signedBy(await generateSigningKey(), tokens, real.token) };
    expect(await statusAt('auth', forged, new ApiClient({ baseUrl: secondGatewayUrl }))).toBe(401);
    expect(await socketAnswer(forged, secondGatewayUrl)).toBe(401);
  });
});
