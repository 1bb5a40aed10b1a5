import { createHash, randomBytes } from 'node:crypto';
import { PAYMENT_LINK_TOKEN_PATTERN } from '@rayworks/contracts';

/** The stored form of a link's secret: its SHA-256 (64 hex characters); the secret itself is never stored. */
export const hashLinkSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * A new link's token: the company (its uuid's 16 bytes, base64url) and 32 random bytes (base64url), so the public page
 * finds the link under that company's row-level security; only the secret's hash is kept (docs/decisions/0281).
 */
export function newLinkToken(tenantId: string): { token: string; tokenHash: string } {
  const secret = randomBytes(32).toString('base64url');
  const company = Buffer.from(tenantId.replace(/-/g, ''), 'hex').toString('base64url');
  return { token: `${company}.${secret}`, tokenHash: hashLinkSecret(secret) };
}

/** The company and the secret's hash of a token, or null for anything that is not one. */
export function parseLinkToken(token: string): { tenantId: string; tokenHash: string } | null {
  if (!PAYMENT_LINK_TOKEN_PATTERN.test(token)) return null;
  const [company, secret] = token.split('.') as [string, string];
  const hex = Buffer.from(company, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const tenantId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { tenantId, tokenHash: hashLinkSecret(secret) };
}
