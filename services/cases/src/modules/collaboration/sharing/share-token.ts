import { createHash, randomBytes } from 'node:crypto';

/**
 * A shared link's token (docs/decisions/0144-shared-case-links.md): base64url of the company's id (16 bytes) and
 * 32 random bytes (256 bits of secret). The company part lets the public /findShareCase look the link up under that
 * company's row-level security (the shares table stays under RLS); a forged company part finds nothing, since only
 * the SHA-256 of the whole token is stored and compared.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET_BYTES = 32;

export function newShareToken(tenantId: string, random: (n: number) => Buffer = randomBytes): string {
  if (!UUID.test(tenantId)) throw new Error('not a uuid');
  const tenant = Buffer.from(tenantId.replaceAll('-', ''), 'hex');
  return Buffer.concat([tenant, random(SECRET_BYTES)]).toString('base64url');
}

/** The company a token names, or null for a token that is not one of ours. */
export function tenantOfShareToken(token: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 16 + SECRET_BYTES || bytes.toString('base64url') !== token) return null;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What is stored of a token: its SHA-256, hex. */
export const shareTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
