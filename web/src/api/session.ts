import { ApiClient, type Credentials, type SessionSource } from '@rayworks/api-client';
import { readProfile, updateProfile, type StoredProfile } from './storage';

/** What the typed client sends for the stored profile (spec §7 headers: token, session, company, group, centres). */
export function credentialsFromProfile(profile: StoredProfile | null): Credentials | null {
  if (!profile?.token) return null;
  return {
    token: profile.token,
    sessionToken: profile.sessionToken,
    companyId: profile.companyID ?? undefined,
    groupId: profile.groupID,
    centerIds: profile.centerID,
    expiresAt: profile.tokenExpiresAt,
  };
}

/** The stored profile as the client's session: renewals are stored only for the session that asked. */
export const profileSession: SessionSource = {
  current: () => credentialsFromProfile(readProfile()),
  renewed: (previous, next) => {
    if (readProfile()?.sessionToken !== previous.sessionToken) return;
    updateProfile({ token: next.token, tokenExpiresAt: next.expiresAt, resetPassword: next.resetPassword });
  },
};

const renewalListeners = new Set<() => void>();

/**
 * The console's one client (libs/api-client): same origin, through the gateway; every POST of a signed-in user is
 * encrypted (spec §7) where WebCrypto is available; the access token is renewed a minute before it expires and
 * once after a 401.
 */
export const consoleClient = new ApiClient({
  baseUrl: '',
  session: profileSession,
  encryptBodies: true,
  onRenewed: () => {
    for (const listener of renewalListeners) listener();
  },
});

/** Renews the access token once for all callers waiting on it (the real-time connection after a refusal). */
export const renewAccessToken = () => consoleClient.renew();

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
