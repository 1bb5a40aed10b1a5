import { AUTH_API, apiResponseSchema, SESSION_EXPIRED_STATUS } from '@rayworks/contracts';
import { AUTH_API_BASE, sessionHeaders } from './headers';
import { readProfile, updateProfile, type StoredProfile } from './storage';

/**
 * Renewal of the short-lived access token (the login answer's expiresIn) for a live session:
 * POST /api/auth/token/refresh (AUTH_API.refreshToken) with the (possibly expired) token and the session token
 * answers a new token.
 */
export const TOKEN_REFRESH_PATH = `${AUTH_API_BASE}${AUTH_API.refreshToken.path}`;
const refreshResponse = apiResponseSchema(AUTH_API.refreshToken.data);

/** Renew this long before the token expires. */
export const RENEW_BEFORE_MS = 60_000;

export function tokenNeedsRenewal(profile: StoredProfile | null, now = Date.now()): boolean {
  return Boolean(
    profile?.token &&
    profile.sessionToken &&
    profile.tokenExpiresAt !== undefined &&
    now >= profile.tokenExpiresAt - RENEW_BEFORE_MS,
  );
}

export type RenewalOutcome = 'renewed' | 'unauthorized' | 'session-expired' | 'failed';

let inFlight: Promise<RenewalOutcome> | null = null;
const renewalListeners = new Set<() => void>();

/**
 * Calls `listener` after each renewal. A renewal also follows a change to the user's role, privileges or centres
 * (the server refuses the older token once), so what was read with the old token, like the permission
 * configuration, is worth reading again.
 */
export function onTokenRenewed(listener: () => void): () => void {
  renewalListeners.add(listener);
  return () => {
    renewalListeners.delete(listener);
  };
}

/** Renews the access token once for all callers waiting on it; stores the new token with its expiry. */
export function renewAccessToken(): Promise<RenewalOutcome> {
  inFlight ??= renew().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function renew(): Promise<RenewalOutcome> {
  const profile = readProfile();
  if (!profile?.token || !profile.sessionToken) return 'unauthorized';
  try {
    const response = await fetch(TOKEN_REFRESH_PATH, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...sessionHeaders(profile) },
      body: '{}',
      credentials: 'same-origin',
    });
    if (response.status === SESSION_EXPIRED_STATUS) return 'session-expired';
    if (response.status === 401) return 'unauthorized';
    const parsed = refreshResponse.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success || parsed.data.status !== 'success') return 'failed';
    const { token, expiresIn, resetPassword } = parsed.data.data;
    // The user may have logged out meanwhile: renew only the session that asked.
    if (readProfile()?.sessionToken !== profile.sessionToken) return 'failed';
    updateProfile({ token, tokenExpiresAt: Date.now() + expiresIn * 1000, resetPassword });
    for (const listener of renewalListeners) listener();
    return 'renewed';
  } catch {
    return 'failed';
  }
}
