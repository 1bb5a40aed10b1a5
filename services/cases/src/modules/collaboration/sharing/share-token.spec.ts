import { describe, expect, it } from '@jest/globals';
import { newShareToken, shareTokenHash, tenantOfShareToken } from './share-token.js';

describe('shared case link tokens', () => {
  const tenant = '0b6f7c2e-9a1d-4c3b-8e5f-1a2b3c4d5e6f';

  it('carries the company and 256 random bits, url-safe', () => {
    const token = newShareToken(tenant);
    expect(token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(tenantOfShareToken(token)).toBe(tenant);
    expect(newShareToken(tenant)).not.toBe(token);
  });

  it('refuses what is not one of its tokens', () => {
    expect(tenantOfShareToken('not a token')).toBeNull();
    expect(tenantOfShareToken('abc')).toBeNull();
    expect(tenantOfShareToken(newShareToken(tenant) + 'A')).toBeNull();
    expect(() => newShareToken('nope')).toThrow();
  });

  it('stores only a SHA-256 of the token', () => {
    const token = newShareToken(tenant, (n) => Buffer.alloc(n, 7));
    expect(shareTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(shareTokenHash(token)).toBe(shareTokenHash(token));
    expect(shareTokenHash(token)).not.toBe(shareTokenHash(newShareToken(tenant)));
  });
});
