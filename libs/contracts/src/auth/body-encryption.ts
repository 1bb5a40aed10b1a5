/**
 * Encrypted request bodies (spec §7: "request bodies of most POSTs are encrypted and sent in a field named data").
 *
 * With the header `x-encrypted: true` the body is `{ data: base64(iv (12 bytes) | ciphertext | GCM tag (16 bytes)) }`:
 * AES-256-GCM over the UTF-8 JSON of the real body, with a key derived by HKDF-SHA256 from the session token
 * (salt = the session id, info = 'rayworks-body-v1'). The key is bound to the session: a body encrypted for one
 * session does not decrypt in another, and a changed byte fails the GCM tag.
 *
 * Written once, with WebCrypto only (`globalThis.crypto.subtle`: browsers and Node 24), so the console and the
 * services run the same code. This is not a substitute for TLS: whoever sees the request headers can derive the key.
 */

export const BODY_ENCRYPTION_INFO = 'rayworks-body-v1';
export const BODY_ENCRYPTION_IV_BYTES = 12;
const TAG_BYTES = 16;

/** An encrypted body: the only field is `data`. */
export interface EncryptedBody {
  data: string;
}

/** The body could not be decrypted: not a { data } object, not base64, too short, wrong key or tampered. */
export class BodyDecryptionError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'BodyDecryptionError';
  }
}

/** A session token is `<sessionId>.<secret>`; null for anything else. */
export function parseSessionToken(token: unknown): { sessionId: string; secret: string } | null {
  if (typeof token !== 'string' || token.length > 300) return null;
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,200})$/.exec(token);
  return match ? { sessionId: match[1]!, secret: match[2]! } : null;
}

/** WebCrypto types, taken from the global so the file compiles against both the DOM and Node's typings. */
type Subtle = typeof globalThis.crypto.subtle;
export type BodyKey = Awaited<ReturnType<Subtle['importKey']>>;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function subtle(): Subtle {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available here');
  return s;
}

/** The AES-256-GCM key of a session, derived from its token. */
export async function deriveBodyKey(sessionToken: string): Promise<BodyKey> {
  const parsed = parseSessionToken(sessionToken);
  if (!parsed) throw new BodyDecryptionError('not a session token');
  const material = await subtle().importKey('raw', encoder.encode(sessionToken), 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: encoder.encode(parsed.sessionId),
      info: encoder.encode(BODY_ENCRYPTION_INFO),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0)
    throw new BodyDecryptionError('data is not base64');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Encrypts a JSON body for the session: what the console sends with `x-encrypted: true`. */
export async function encryptBody(sessionToken: string, body: unknown): Promise<EncryptedBody> {
  const key = await deriveBodyKey(sessionToken);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(BODY_ENCRYPTION_IV_BYTES));
  const sealed = new Uint8Array(
    await subtle().encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(JSON.stringify(body ?? {}))),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv, 0);
  out.set(sealed, iv.length);
  return { data: bytesToBase64(out) };
}

/** Decrypts `{ data }` for the session and parses the JSON inside; throws BodyDecryptionError for anything else. */
export async function decryptBody(sessionToken: string, envelope: unknown): Promise<unknown> {
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope))
    throw new BodyDecryptionError('body is not an object');
  const keys = Object.keys(envelope);
  const data = (envelope as Record<string, unknown>).data;
  if (keys.length !== 1 || typeof data !== 'string')
    throw new BodyDecryptionError('body must be exactly { data: <base64> }');
  const bytes = base64ToBytes(data);
  if (bytes.length < BODY_ENCRYPTION_IV_BYTES + TAG_BYTES) throw new BodyDecryptionError('data is too short');
  const key = await deriveBodyKey(sessionToken);
  let plain: ArrayBuffer;
  try {
    plain = await subtle().decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, BODY_ENCRYPTION_IV_BYTES) },
      key,
      bytes.subarray(BODY_ENCRYPTION_IV_BYTES),
    );
  } catch {
    throw new BodyDecryptionError('authentication failed: wrong session or tampered data');
  }
  try {
    return JSON.parse(decoder.decode(plain));
  } catch {
    throw new BodyDecryptionError('decrypted data is not JSON');
  }
}
