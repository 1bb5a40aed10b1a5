import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import { DEFAULT_ROLE_PRIVILEGES, ROLE_CODES } from '@rayworks/contracts';
import { AccessTokens, bearerToken } from './access-token.js';
import { AuthFailure } from './auth.errors.js';
import type { Principal } from './principal.js';
import {
  generateSigningKey,
  issuerTokenKeys,
  publicJwk,
  readSigningKeySet,
  verifierTokenKeys,
  type PrivateSigningJwk,
} from './token-keys.js';
import { ConfigError } from '../config/env.js';
const principal: Principal = {
  userId: '0196f0a4-7d2e-7c41-9a53-1f2e3d4c5b60',
  tenantId: '0196f0a4-7d2e-7c41-9a53-1f2e3d4c5b61',
  sessionId: '0196f0a4-7d2e-7c41-9a53-1f2e3d4c5b62',
  loginName: 'gca',
  roleCodes: [ROLE_CODES.GROUP_CENTER_ADMIN],
  groupId: '0196f0a4-7d2e-7c41-9a53-1f2e3d4c5b63',
  centreIds: ['0196f0a4-7d2e-7c41-9a53-1f2e3d4c5b64'],
  grants: DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.GROUP_CENTER_ADMIN],
  level: 'centre',
  resetPassword: false,
  principalVersion: 3,
};

describe('AccessTokens', () => {
  let key: PrivateSigningJwk;
  let tokens: AccessTokens;

  beforeAll(async () => {
    key = await generateSigningKey();
    tokens = new AccessTokens(await issuerTokenKeys({ keys: [key] }), 900);
  });

  it('signs with EdDSA and names its key', async () => {
    const { token } = await tokens.sign(principal);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'EdDSA', kid: key.kid });
  });

  it('signs the principal and verifies it back, grants included', async () => {
    const { token, expiresIn } = await tokens.sign(principal);
    expect(expiresIn).toBe(900);
    const back = await tokens.verify(token);
    expect(back).toEqual({ ...principal, grants: expect.any(Object) });
    for (const [type, codes] of Object.entries(principal.grants))
      expect([...(back.grants as Record<string, string[]>)[type]!].sort()).toEqual([...codes].sort());
  });

  it('a marketplace radiologist has no company; only the platform and marketplace levels may have none', async () => {
    const marketplace: Principal = {
      ...principal,
      tenantId: null,
      roleCodes: [ROLE_CODES.MARKETPLACE_RADIOLOGIST],
      groupId: null,
      centreIds: [],
      grants: DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.MARKETPLACE_RADIOLOGIST],
      level: 'marketplace',
    };
    const back = await tokens.verify((await tokens.sign(marketplace)).token);
    expect(back).toMatchObject({ tenantId: null, level: 'marketplace' });
    const { token } = await tokens.sign({ ...marketplace, level: 'tenant' });
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(AuthFailure);
  });

  it('keeps the token small even for a role holding everything', async () => {
    const { token } = await tokens.sign({ ...principal, grants: DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.ADMIN] });
    // an Ed25519 signature (64 bytes) and the kid make it ~100 characters longer than the old HS256 token
    expect(token.length).toBeLessThan(1300);
  });

  it('refuses an expired token, unless asked to accept one (refresh)', async () => {
    const { token } = await tokens.sign(principal, new Date(Date.now() - 3600_000));
    await expect(tokens.verify(token)).rejects.toThrow(AuthFailure);
    await expect(tokens.verify(token)).rejects.toMatchObject({ kind: 'unauthorized', reason: 'access token expired' });
    expect((await tokens.verify(token, { allowExpired: true })).userId).toBe(principal.userId);
  });

  it('checks a token once and remembers it until it expires, by the clock it is checked against', async () => {
    let now = Date.parse('2026-11-27T08:00:00Z');
    const clocked = new AccessTokens(await issuerTokenKeys({ keys: [key] }), 60, () => now);
    const { token } = await clocked.sign(principal, new Date(now));
    const first = await clocked.verify(token);
    expect(first.userId).toBe(principal.userId);
    expect(await clocked.verify(token)).toBe(first); // the same principal, not verified again
    now += 59_000;
    expect(await clocked.verify(token)).toBe(first);
    now += 1_000; // its last second is over
    await expect(clocked.verify(token)).rejects.toMatchObject({ kind: 'unauthorized', reason: 'access token expired' });
    expect((await clocked.verify(token, { allowExpired: true })).userId).toBe(principal.userId);
    // a changed token is not the remembered one: verified, and refused
    now -= 30_000;
    // one character of the signature changed well before its end (the last character's low bits are padding: a
    // change there can decode to the same signature)
    const at = token.length - 20;
    const changed = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    await expect(clocked.verify(changed)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('refuses a token signed with another key, a changed token, or another algorithm', async () => {
    const stranger = await generateSigningKey();
    const other = await new AccessTokens(await issuerTokenKeys({ keys: [stranger] }), 900).sign(principal);
    await expect(tokens.verify(other.token)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(tokens.verify(other.token, { allowExpired: true })).rejects.toMatchObject({ kind: 'unauthorized' });
    // another key that claims the kid of ours
    const impostor = await new AccessTokens(await issuerTokenKeys({ keys: [{ ...stranger, kid: key.kid }] }), 900).sign(
      principal,
    );
    await expect(tokens.verify(impostor.token)).rejects.toMatchObject({ kind: 'unauthorized' });
    const { token } = await tokens.sign(principal);
    const [h, p, s] = token.split('.');
    const forged = JSON.parse(Buffer.from(p!, 'base64url').toString());
    forged.lv = 'tenant';
    await expect(
      tokens.verify(`${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`),
    ).rejects.toMatchObject({ kind: 'unauthorized' });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
    await expect(tokens.verify(none)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('refuses an HS256 token made with a shared secret, whatever its claims', async () => {
    for (const secret of ['rayworks-local-development-token-secret-not-for-production', key.x]) {
      const hs = await new SignJWT({ tid: principal.tenantId })
        .setProtectedHeader({ alg: 'HS256', kid: key.kid })
        .setSubject(principal.userId)
        .setIssuer('rayworks-auth')
        .setAudience('rayworks')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(secret));
      await expect(tokens.verify(hs)).rejects.toMatchObject({ kind: 'unauthorized' });
    }
  });

  it('refuses a well-signed token whose claims are not a principal', async () => {
    const token = await new SignJWT({ tid: 'nope' })
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
      .setSubject('x')
      .setIssuer('rayworks-auth')
      .setAudience('rayworks')
      .setExpirationTime('5m')
      .sign(await importJWK(key, 'EdDSA'));
    await expect(tokens.verify(token)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('verifies with the previous key after a rotation, and signs with the new one', async () => {
    const before = await tokens.sign(principal);
    const next = await generateSigningKey();
    const rotated = new AccessTokens(await issuerTokenKeys({ keys: [next, key] }), 900);
    expect((await rotated.verify(before.token)).userId).toBe(principal.userId);
    const after = await rotated.sign(principal);
    expect(decodeProtectedHeader(after.token).kid).toBe(next.kid);
    expect(rotated.publicKeys?.keys.map((k) => k.kid)).toEqual([next.kid, key.kid]);
    expect(rotated.publicKeys?.keys.every((k) => !('d' in k))).toBe(true);
  });

  it('cannot sign without a private key (every process but auth)', async () => {
    const verifier = new AccessTokens(verifierTokenKeys('http://127.0.0.1:9/jwks.json'), 900);
    expect(verifier.canSign).toBe(false);
    await expect(verifier.sign(principal)).rejects.toThrow(/only the auth service signs/);
  });

  describe('with the public keys fetched from a JWKS', () => {
    let server: Server;
    let published: object = {};
    let url = '';

    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(published));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('verifies the tokens auth signs, and refuses those of a key it does not publish', async () => {
      published = { keys: [publicJwk(key)] };
      const verifier = new AccessTokens(verifierTokenKeys(url), 900);
      const { token } = await tokens.sign(principal);
      expect((await verifier.verify(token)).tenantId).toBe(principal.tenantId);
      const stranger = await new AccessTokens(await issuerTokenKeys({ keys: [await generateSigningKey()] }), 900).sign(
        principal,
      );
      await expect(verifier.verify(stranger.token)).rejects.toMatchObject({ kind: 'unauthorized' });
    });

    it('answers unavailable (503), not unauthorized, when the keys cannot be fetched', async () => {
      const verifier = new AccessTokens(verifierTokenKeys('http://127.0.0.1:9/jwks.json'), 900);
      const { token } = await tokens.sign(principal);
      await expect(verifier.verify(token)).rejects.toMatchObject({ kind: 'keys-unavailable' });
    });
  });

  it('reads Bearer headers only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
  });
});

describe('readSigningKeySet', () => {
  it('needs one of AUTH_SIGNING_KEYS and AUTH_SIGNING_KEYS_FILE, naming the variable', () => {
    expect(() => readSigningKeySet({})).toThrow(ConfigError);
    expect(() => readSigningKeySet({})).toThrow(/AUTH_SIGNING_KEYS is required but not set/);
    expect(() => readSigningKeySet({ AUTH_SIGNING_KEYS: '{}', AUTH_SIGNING_KEYS_FILE: '/x' })).toThrow(/both set/);
  });

  it('refuses a secret instead of a key set, a short key and a missing kid', async () => {
    expect(() =>
      readSigningKeySet({ AUTH_SIGNING_KEYS: 'rayworks-local-development-token-secret-not-for-production' }),
    ).toThrow(/AUTH_SIGNING_KEYS: is not JSON/);
    const key = await generateSigningKey();
    const short = { ...key, d: key.d.slice(0, 22) };
    expect(() => readSigningKeySet({ AUTH_SIGNING_KEYS: JSON.stringify({ keys: [short] }) })).toThrow(
      /keys\.0\.d must be 32 bytes/,
    );
    const { kid: _kid, ...noKid } = key;
    expect(() => readSigningKeySet({ AUTH_SIGNING_KEYS: JSON.stringify({ keys: [noKid] }) })).toThrow(/kid/);
    expect(() => readSigningKeySet({ AUTH_SIGNING_KEYS: JSON.stringify({ keys: [key, key] }) })).toThrow(/same kid/);
    expect(readSigningKeySet({ AUTH_SIGNING_KEYS: JSON.stringify({ keys: [key] }) }).keys[0]!.kid).toBe(key.kid);
  });
});
