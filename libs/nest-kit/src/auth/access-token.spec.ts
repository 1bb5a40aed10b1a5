import { describe, expect, it } from '@jest/globals';
import { SignJWT } from 'jose';
import { DEFAULT_ROLE_PRIVILEGES, ROLE_CODES } from '@rayworks/contracts';
import { AccessTokens, bearerToken } from './access-token.js';
import { AuthFailure } from './auth.errors.js';
import type { Principal } from './principal.js';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
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
  const tokens = new AccessTokens(secret, 900);

  it('signs the principal and verifies it back, grants included', async () => {
    const { token, expiresIn } = await tokens.sign(principal);
    expect(expiresIn).toBe(900);
    const back = await tokens.verify(token);
    expect(back).toEqual({ ...principal, grants: expect.any(Object) });
    for (const [type, codes] of Object.entries(principal.grants))
      expect([...(back.grants as Record<string, string[]>)[type]!].sort()).toEqual([...codes].sort());
  });

  it('keeps the token small even for a role holding everything', async () => {
    const { token } = await tokens.sign({ ...principal, grants: DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.ADMIN] });
    expect(token.length).toBeLessThan(1200);
  });

  it('refuses an expired token, unless asked to accept one (refresh)', async () => {
    const { token } = await tokens.sign(principal, new Date(Date.now() - 3600_000));
    await expect(tokens.verify(token)).rejects.toThrow(AuthFailure);
    await expect(tokens.verify(token)).rejects.toMatchObject({ kind: 'unauthorized', reason: 'access token expired' });
    expect((await tokens.verify(token, { allowExpired: true })).userId).toBe(principal.userId);
  });

  it('refuses a token signed with another key, a changed token, or another algorithm', async () => {
    const other = await new AccessTokens('another-secret-that-is-long-enough-000000', 900).sign(principal);
    await expect(tokens.verify(other.token)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(tokens.verify(other.token, { allowExpired: true })).rejects.toMatchObject({ kind: 'unauthorized' });
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

  it('refuses a well-signed token whose claims are not a principal', async () => {
    const key = new TextEncoder().encode(secret);
    const token = await new SignJWT({ tid: 'nope' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setIssuer('rayworks-auth')
      .setAudience('rayworks')
      .setExpirationTime('5m')
      .sign(key);
    await expect(tokens.verify(token)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('will not run with a short secret', () => {
    expect(() => new AccessTokens('short', 900)).toThrow(/at least 32/);
  });

  it('reads Bearer headers only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
  });
});
