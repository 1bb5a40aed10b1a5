import {
  buildMenu,
  CONSOLE_ROUTES,
  firstPermittedLink,
  roleStartPage,
  startPage,
  hasPrivilege,
  HOME_ROUTE,
  type PermissionConfig,
  type PrivilegeRequirement,
  PROTECTED_ROUTES,
  type ProtectedRoute,
  PUBLIC_ROUTES,
} from '@rayworks/contracts';
import { matchPath } from 'react-router-dom';
import type { StoredProfile } from '../../api/storage';

/** Carried to /login so a successful login can return to where the user was going (spec §4). */
export interface LoginState {
  from?: string;
}

/**
 * Who may open a protected route (spec §4, §6), as a pure decision the route guard carries out:
 * - no stored profile            → /login, carrying the origin (nobody has logged in in this tab), or
 *                                  /sessionexpired when this tab's session was flagged expired;
 * - a stored profile, no token   → storage cleared, session flagged expired, /sessionexpired;
 * - a password reset is required → /update-password (the forced change of spec §4);
 * - module + type + privilege missing from the configuration → storage cleared, /login carrying the origin;
 * - otherwise                    → the screen.
 */
export type AccessDecision =
  | { type: 'allow' }
  | { type: 'login'; from: string }
  | { type: 'session-expired' }
  | { type: 'reset-password' }
  | { type: 'forbidden'; from: string };

export function decideAccess(
  profile: StoredProfile | null,
  config: PermissionConfig | null,
  need: PrivilegeRequirement,
  from: string,
  /** The session was flagged expired (and storage cleared) in this tab: keep saying so until a new login. */
  sessionExpired = false,
): AccessDecision {
  if (!profile) return sessionExpired ? { type: 'session-expired' } : { type: 'login', from };
  if (!profile.token) return { type: 'session-expired' };
  if (profile.resetPassword) return { type: 'reset-password' };
  if (!config || !hasPrivilege(config, need)) return { type: 'forbidden', from };
  return { type: 'allow' };
}

/** The protected route a path belongs to, if any (react-router matching, case-insensitive like the router). */
export function protectedRouteFor(pathname: string): ProtectedRoute | undefined {
  return PROTECTED_ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/**
 * Where the root goes (spec §2): /groups, or the first permitted menu link when /groups is not permitted.
 * Without a configuration it goes to /groups and the guard there decides.
 */
export function homePath(config: PermissionConfig | null, roleCodes: readonly string[] = []): string {
  if (!config) return HOME_ROUTE;
  const menu = buildMenu(config, undefined, roleCodes);
  // a role with a start page of its own goes there (docs/decisions/0338); the others to /groups (spec §2)
  const own = roleStartPage(menu, roleCodes);
  if (own) return own;
  const home = protectedRouteFor(HOME_ROUTE);
  if (home && hasPrivilege(config, home.need)) return HOME_ROUTE;
  return firstPermittedLink(menu) ?? fallbackPath(config);
}

/** A user whose menu is empty may still open their profile. */
function fallbackPath(config: PermissionConfig): string {
  const profile = protectedRouteFor(CONSOLE_ROUTES.profile);
  return profile && hasPrivilege(config, profile.need) ? CONSOLE_ROUTES.profile : PUBLIC_ROUTES.login;
}

/**
 * Where a successful login lands (spec §4): the password update page when a reset is required, else the
 * origin the guard carried if the new configuration permits it, else the first permitted menu link.
 */
export function landingAfterLogin(
  resetPassword: boolean,
  config: PermissionConfig,
  from?: string | null,
  roleCodes: readonly string[] = [],
): string {
  if (resetPassword) return PUBLIC_ROUTES.updatePassword;
  if (from) {
    const pathname = from.split(/[?#]/)[0] ?? from;
    const route = protectedRouteFor(pathname);
    if (route && hasPrivilege(config, route.need)) return from;
  }
  return startPage(buildMenu(config, undefined, roleCodes), roleCodes) ?? fallbackPath(config);
}

/** /#/auth-offline, /#/auth-500, /#/pages-maintenance (spec §2) → the same page without the hash. */
export function pathFromHashRoute(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const path = hash.slice(1);
  return path.length > 1 ? path : null;
}
