import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { hashLinkSecret, newLinkToken, parseLinkToken } from './payment-link-token.js';

describe("a payment link's token", () => {
  it('carries the company and a secret whose hash alone is stored', () => {
    const tenantId = randomUUID();
    const { token, tokenHash } = newLinkToken(tenantId);
    expect(parseLinkToken(token)).toEqual({ tenantId, tokenHash });
    expect(token).not.toContain(tokenHash);
    expect(tokenHash).toBe(hashLinkSecret(token.split('.')[1]!));
  });

  it('is new every time, and anything else is no token', () => {
    const tenantId = randomUUID();
    expect(newLinkToken(tenantId).token).not.toBe(newLinkToken(tenantId).token);
    const { token } = newLinkToken(tenantId);
    for (const bad of ['', 'x', `${token}x`, token.replace('.', ''), `${token.slice(0, -1)}*`])
      expect(parseLinkToken(bad)).toBeNull();
  });
});
