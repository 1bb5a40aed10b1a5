import { ROLE_CODES } from '../access/roles.js';

export interface DisplayNameSource {
  roleCodes: readonly string[];
  name?: string | null;
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  centerName?: string | null;
  groupName?: string | null;
}

/**
 * The name shown for a user (spec §6): a centre admin shows the centre's name, a group admin the group's,
 * a group-centre admin the centre's, the product admin first plus last name, others name or fullName.
 */
export function displayName(user: DisplayNameSource): string {
  const has = (code: string) => user.roleCodes.includes(code);
  const personal = user.name || user.fullName || [user.firstName, user.lastName].filter(Boolean).join(' ');
  if (has(ROLE_CODES.CENTER_ADMIN)) return user.centerName || personal;
  if (has(ROLE_CODES.GROUP_ADMIN)) return user.groupName || personal;
  if (has(ROLE_CODES.GROUP_CENTER_ADMIN)) return user.centerName || personal;
  if (has(ROLE_CODES.ADMIN)) return [user.firstName, user.lastName].filter(Boolean).join(' ') || personal;
  return personal;
}

/** Initials for the avatar: first letters of the first two words of the display name. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
