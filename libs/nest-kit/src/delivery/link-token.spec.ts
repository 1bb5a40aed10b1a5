import { describe, expect, it } from '@jest/globals';
import { hashLinkToken, linkTokenOf, newDeliveryLink, parseLinkToken } from './link-token.js';

const tenantId = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a11';

describe('delivery link tokens', () => {
  it('carries the company in 22 characters before the secret, and reads both back', () => {
    const token = linkTokenOf(tenantId, 'A'.repeat(32));
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.A{32}$/);
    expect(parseLinkToken(token)).toEqual({ tenantId, secret: 'A'.repeat(32) });
  });

  it('reads nothing from what is not a token', () => {
    for (const bad of [
      '',
      'abc',
      `${'x'.repeat(22)}.short`,
      `${'x'.repeat(21)}.${'A'.repeat(32)}`,
      `a/b.${'A'.repeat(32)}`,
    ])
      expect(parseLinkToken(bad)).toBeNull();
  });

  it('makes a new secret per link under the route, and keeps only its SHA-256', () => {
    const a = newDeliveryLink('http://localhost:8080//', '/api/lims/r', tenantId);
    const b = newDeliveryLink('http://localhost:8080', '/api/lims/r', tenantId);
    expect(a.url).toMatch(/^http:\/\/localhost:8080\/api\/lims\/r\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32}$/);
    expect(a.url).not.toBe(b.url);
    const parsed = parseLinkToken(a.url.split('/').pop()!)!;
    expect(parsed.tenantId).toBe(tenantId);
    expect(a.tokenHash).toBe(hashLinkToken(parsed.secret));
    expect(a.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.url).not.toContain(a.tokenHash);
  });
});
