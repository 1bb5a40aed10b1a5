import type { Principal } from './principal.js';
import { AuthFailure } from './auth.errors.js';
import type { AccessTokens } from './access-token.js';
import type { SessionStore } from './session-store.js';

/**
 * Verifies a caller from its two credentials, in this order (docs/decisions/0011-sessions-and-tokens.md):
 * no, invalid or expired access token → unauthorized (401); session gone by idleness or past its absolute lifetime
 * → session-expired (440); session revoked, wrong secret, or a session of another user or another tenant than the
 * token's → unauthorized (401); a token older than the
 * tenant's last change of roles, users or centres → unauthorized (401), which the console answers by renewing it.
 * A background request (the console's own polls) does not slide the session's idle timeout.
 * Used by every service's guard and by the gateway's socket.io handshake.
 */
export class RequestAuthenticator {
  constructor(
    readonly tokens: AccessTokens,
    readonly sessions: SessionStore,
  ) {}

  async authenticate(
    accessToken: string | null | undefined,
    sessionToken: string | null | undefined,
    options: {
      allowExpiredToken?: boolean;
      background?: boolean;
      /**
       * The route takes the access token alone (DICOMweb, docs/decisions/0102): without a session token, the
       * session the token names is checked by its id (alive, same user and tenant, not revoked); a session token
       * that is sent is still checked in full.
       */
      bearerAlone?: boolean;
    } = {},
  ): Promise<Principal> {
    if (!accessToken) throw new AuthFailure('unauthorized', 'no access token');
    const principal = await this.tokens.verify(accessToken, { allowExpired: options.allowExpiredToken });
    if (!sessionToken && !options.bearerAlone) throw new AuthFailure('unauthorized', 'no session token');
    // The session and the principal's current version in one round trip to Redis (docs/decisions/0319); a failed
    // session check still answers first.
    const { state, principalVersion: currentVersion } = await this.sessions.verify(sessionToken || null, principal, {
      touch: !options.background,
    });
    if (state === 'expired') throw new AuthFailure('session-expired', 'session idle timeout or absolute lifetime');
    if (state !== 'ok') throw new AuthFailure('unauthorized', `session ${state}`);
    // Renewal (allowExpiredToken) reads the principal afresh, so an outdated one is what it is there for.
    if (!options.allowExpiredToken && principal.principalVersion < currentVersion) {
      throw new AuthFailure('unauthorized', 'privileges changed since the token was issued');
    }
    return principal;
  }
}
