import { AUTH_HEADERS, serviceApiPrefix } from '@rayworks/contracts';
import type { StoredProfile } from './storage';

/** Every auth endpoint is under /api/auth on the gateway. */
export const AUTH_API_BASE = serviceApiPrefix('auth');

/** The headers of spec §7 for a logged-in user (names from AUTH_HEADERS). */
export function sessionHeaders(profile: StoredProfile | null, submoduleType?: string): Record<string, string> {
  if (!profile?.token) return {};
  const headers: Record<string, string> = {
    [AUTH_HEADERS.authorization]: `Bearer ${profile.token}`,
    [AUTH_HEADERS.sessionEnabled]: 'true',
    [AUTH_HEADERS.companyId]: profile.companyID,
  };
  if (profile.sessionToken) headers[AUTH_HEADERS.sessionToken] = profile.sessionToken;
  if (profile.groupID) headers[AUTH_HEADERS.groupId] = profile.groupID;
  if (profile.centerID.length > 0) headers[AUTH_HEADERS.centerIds] = profile.centerID.join(',');
  if (submoduleType) headers[AUTH_HEADERS.submoduleType] = submoduleType;
  return headers;
}

/** The URL of an endpoint, with its :params filled in. */
export function endpointUrl(path: string, params: Record<string, string> = {}): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
  return `${AUTH_API_BASE}${filled}`;
}
