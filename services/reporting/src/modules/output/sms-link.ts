import { createHash } from 'node:crypto';

/** The stored form of an SMS link's secret (only the hash is kept). */
export const hashLinkToken = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * The SMS link's token: the company (its uuid's 16 bytes, base64url, 22 characters) and the secret, so the public
 * link finds its row under the company's row-level security.
 */
export const linkTokenOf = (tenantId: string, secret: string): string =>
  `${Buffer.from(tenantId.replace(/-/g, ''), 'hex').toString('base64url')}.${secret}`;
export function parseLinkToken(token: string): { tenantId: string; secret: string } | null {
  const m = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{16,128})$/.exec(token);
  if (!m) return null;
  const hex = Buffer.from(m[1]!, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const tenantId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { tenantId, secret: m[2]! };
}
