import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AUTH_JWKS_PATH, SERVICE_PORTS } from '@rayworks/contracts';

/**
 * The running system's signing keys of the access tokens: the file `stack.mjs start` makes once (or the one the
 * run names in AUTH_SIGNING_KEYS_FILE). Tests read it to start auth processes of their own, or to sign tokens the
 * way only the auth service can (docs/decisions/0060-asymmetric-access-tokens.md).
 */
export const localSigningKeysFile = (): string =>
  process.env.AUTH_SIGNING_KEYS_FILE ??
  fileURLToPath(new URL('../../../.local/auth-signing-keys.json', import.meta.url));

/** Where the running auth service publishes its public keys (what every other process verifies with). */
export const localJwksUrl = (): string =>
  process.env.AUTH_JWKS_URL ?? `http://127.0.0.1:${SERVICE_PORTS.auth}${AUTH_JWKS_PATH}`;

/**
 * The running system's secret of the viewers' study tokens (docs/decisions/0164): VIEWER_TOKEN_SECRET, or the file
 * `stack.mjs start` makes once. Tests read it to sign study tokens the cases service would not (an expired one).
 */
export const localViewerTokenSecret = (): string =>
  process.env.VIEWER_TOKEN_SECRET ??
  readFileSync(fileURLToPath(new URL('../../../.local/viewer-token-secret', import.meta.url)), 'utf8').trim();
