import { encryptBody, type EncryptedBody } from '@rayworks/contracts';

/**
 * Encrypted request bodies (spec §7: "Request bodies of most POSTs are encrypted and sent in a field named
 * data"): AES-256-GCM with a key derived from the session token, by the same code the services decrypt with
 * (libs/contracts auth/body-encryption.ts). Every POST of a logged-in user is encrypted; the login and the
 * password-reset calls, made before there is a session, go as plain JSON without x-encrypted.
 * Where WebCrypto is unavailable (a page served over plain HTTP from another host) bodies go as plain JSON,
 * which the service also accepts.
 */
export async function encryptedBodyFor(body: unknown, sessionToken: string | undefined): Promise<EncryptedBody | null> {
  if (!sessionToken || !globalThis.crypto?.subtle) return null;
  return encryptBody(sessionToken, body);
}
