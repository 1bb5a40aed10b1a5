/** Request headers (spec §7), by name. They can only narrow what the token allows, never widen it. */
export const AUTH_HEADERS = {
  loginName: 'loginname',
  password: 'password',
  oldPassword: 'oldpassword',
  authorization: 'authorization',
  sessionToken: 'x-session-token',
  companyId: 'x-company-id',
  encrypted: 'x-encrypted',
  sessionEnabled: 'x-session-enabled',
  submoduleType: 'x-submodule-type',
  subscriptionType: 'x-subscription-type',
  groupId: 'x-group-id',
  centerIds: 'x-center-ids',
  /**
   * `true` on a call the console makes on its own (the periodic configuration poll and the token renewal it causes):
   * it is not user activity, so it does not slide the session's idle timeout (docs/decisions/0061).
   */
  background: 'x-background-request',
} as const;

/** Whether a request's headers mark it as a background call (AUTH_HEADERS.background). */
export const isBackgroundRequest = (headers: Record<string, string | string[] | undefined>): boolean => {
  const value = headers[AUTH_HEADERS.background];
  return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase() === 'true';
};

/** HTTP status of an expired (idle) session: the console goes to /sessionexpired (spec §8: 440). */
export const SESSION_EXPIRED_STATUS = 440;

/**
 * Where the auth service publishes the public keys of the access tokens (a JSON Web Key Set, RFC 7517): on the
 * auth service itself and, through the gateway, at `/api/auth/.well-known/jwks.json`. Every other process verifies
 * tokens with these keys (docs/decisions/0060-asymmetric-access-tokens.md).
 */
export const AUTH_JWKS_PATH = '/.well-known/jwks.json';
