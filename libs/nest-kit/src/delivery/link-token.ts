import { createHash, randomBytes } from 'node:crypto';

/**
 * The public link a delivery sends (docs/decisions/0184, 0315): `<base><route>/<company>.<secret>`. Only the secret's
 * SHA-256 is stored, with an expiry; the company (its uuid's 16 bytes, base64url, 22 characters) lets the public route
 * look the hash up under that company's row-level security, so another company's token finds nothing.
 */

/** The stored form of a link's secret (only the hash is kept). */
export const hashLinkToken = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The link's token: the company and the secret. */
export const linkTokenOf = (tenantId: string, secret: string): string =>
  `${Buffer.from(tenantId.replace(/-/g, ''), 'hex').toString('base64url')}.${secret}`;

/** The company and the secret of a token; null for anything that is not one. */
export function parseLinkToken(token: string): { tenantId: string; secret: string } | null {
  const m = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{16,128})$/.exec(token);
  if (!m) return null;
  const hex = Buffer.from(m[1]!, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const tenantId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { tenantId, secret: m[2]! };
}

/**
 * A new link of a company's delivery: a random secret (24 bytes, base64url) made into the URL under `route` (e.g.
 * `/api/reporting/r`) of `publicBaseUrl`, and the hash to store in its place.
 */
export function newDeliveryLink(
  publicBaseUrl: string,
  route: string,
  tenantId: string,
): { url: string; tokenHash: string } {
  const secret = randomBytes(24).toString('base64url');
  return {
    url: `${publicBaseUrl.replace(/\/+$/, '')}${route}/${linkTokenOf(tenantId, secret)}`,
    tokenHash: hashLinkToken(secret),
  };
}
