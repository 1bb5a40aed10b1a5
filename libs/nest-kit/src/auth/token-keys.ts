import { readFileSync } from 'node:fs';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import { z } from 'zod';
import { ConfigError } from '../config/env.js';

/** The one algorithm of access tokens: EdDSA over Ed25519 (docs/decisions/0060-asymmetric-access-tokens.md). */
export const TOKEN_ALGORITHM = 'EdDSA';

/** base64url of 32 bytes: an Ed25519 public (x) or private (d) key. */
const key32 = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 bytes, base64url');

/** One private signing key as the auth service keeps it: an Ed25519 JWK with its key id. */
export const privateSigningJwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: key32,
  d: key32,
  kid: z.string().regex(/^[A-Za-z0-9._-]{8,128}$/, 'kid: 8 to 128 letters, digits, dot, dash or underscore'),
});
export type PrivateSigningJwk = z.infer<typeof privateSigningJwkSchema>;

/** The key set of the auth service: the first key signs, every key (the previous ones too) verifies. */
export const signingKeySetSchema = z.object({
  keys: z.array(privateSigningJwkSchema).min(1, 'holds no key'),
});
export type SigningKeySet = z.infer<typeof signingKeySetSchema>;

/** A new Ed25519 signing key; its kid is its RFC 7638 thumbprint. */
export async function generateSigningKey(): Promise<PrivateSigningJwk> {
  const { privateKey } = await generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint({ kty: jwk.kty!, crv: jwk.crv!, x: jwk.x! });
  return privateSigningJwkSchema.parse({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d, kid });
}

/** The public half of a signing key, as published in the JWKS. */
export const publicJwk = (key: PrivateSigningJwk): JWK => ({
  kty: key.kty,
  crv: key.crv,
  x: key.x,
  kid: key.kid,
  alg: TOKEN_ALGORITHM,
  use: 'sig',
});

/**
 * Where the auth service's signing keys come from: `AUTH_SIGNING_KEYS` (the key set as JSON, e.g. from a
 * Kubernetes Secret) or `AUTH_SIGNING_KEYS_FILE` (a file holding it, e.g. a mounted Secret, or the one `npm start`
 * generates under .local). Problems are reported as ConfigError naming the variable.
 */
export function readSigningKeySet(env: Record<string, string | undefined> = process.env): SigningKeySet {
  const inline = env.AUTH_SIGNING_KEYS?.trim();
  const file = env.AUTH_SIGNING_KEYS_FILE?.trim();
  if (inline && file) throw new ConfigError(['AUTH_SIGNING_KEYS and AUTH_SIGNING_KEYS_FILE are both set: set one']);
  if (!inline && !file)
    throw new ConfigError([
      'AUTH_SIGNING_KEYS is required but not set (or AUTH_SIGNING_KEYS_FILE: a file holding it); ' +
        'make one with `node services/auth/dist/signing-keys.js generate`',
    ]);
  const name = inline ? 'AUTH_SIGNING_KEYS' : 'AUTH_SIGNING_KEYS_FILE';
  let text: string;
  try {
    text = inline ?? readFileSync(file!, 'utf8');
  } catch (error) {
    throw new ConfigError([`${name}: cannot read ${file}: ${(error as Error).message}`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError([`${name}: is not JSON (a JWK Set of Ed25519 private keys)`]);
  }
  const parsed = signingKeySetSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError([`${name}: ${issue.path.join('.') || 'keys'} ${issue.message}`]);
  }
  const kids = parsed.data.keys.map((k) => k.kid);
  if (new Set(kids).size !== kids.length) throw new ConfigError([`${name}: two keys have the same kid`]);
  return parsed.data;
}

/** The keys a process verifies access tokens with, and — in the auth service only — the key it signs them with. */
export interface TokenKeys {
  verify: JWTVerifyGetKey;
  signing: { kid: string; key: CryptoKey } | null;
  /** The public keys to publish (auth only). */
  jwks: JSONWebKeySet | null;
}

/** The auth service's keys: signs with the first, verifies locally with all (no call to itself). */
export async function issuerTokenKeys(set: SigningKeySet): Promise<TokenKeys> {
  const jwks: JSONWebKeySet = { keys: set.keys.map(publicJwk) };
  const first = set.keys[0]!;
  let key: CryptoKey;
  try {
    key = (await importJWK({ ...first, alg: TOKEN_ALGORITHM }, TOKEN_ALGORITHM)) as CryptoKey;
    for (const other of set.keys.slice(1)) await importJWK({ ...other, alg: TOKEN_ALGORITHM }, TOKEN_ALGORITHM);
  } catch (error) {
    throw new ConfigError([
      `AUTH_SIGNING_KEYS: a key is not a valid Ed25519 private key (${(error as Error).message})`,
    ]);
  }
  return { verify: createLocalJWKSet(jwks), signing: { kid: first.kid, key }, jwks };
}

/** Every other process: the auth service's public keys, fetched from its JWKS and cached (refetched on a new kid). */
export function verifierTokenKeys(jwksUrl: string, options: { cacheMaxAgeMs?: number } = {}): TokenKeys {
  return {
    verify: createRemoteJWKSet(new URL(jwksUrl), {
      cacheMaxAge: options.cacheMaxAgeMs ?? 10 * 60_000,
      cooldownDuration: 30_000,
      timeoutDuration: 5_000,
    }),
    signing: null,
    jwks: null,
  };
}
