import {
  ADMIN_AVATAR_ROLES,
  displayName,
  initials,
  normalizeRoleCode,
  ROLE_LABELS,
  type LoggedInUser,
} from '@rayworks/contracts';

type UserLike = Pick<
  LoggedInUser,
  | 'roleCodes'
  | 'name'
  | 'fullName'
  | 'firstName'
  | 'lastName'
  | 'centerName'
  | 'groupName'
  | 'roledetails'
  | 'profileImg'
>;

/** The name the top bar shows (spec §6 display-name rules). */
export const userDisplayName = (user: UserLike): string => displayName(user);

/** The role as people read it: the label of the first role code (TYPIST → Transcriptionist), else the role's name. */
export function userRoleLabel(user: Pick<LoggedInUser, 'roleCodes' | 'roledetails'>): string {
  for (const code of user.roleCodes) {
    const role = normalizeRoleCode(code);
    if (role) return ROLE_LABELS[role];
  }
  return user.roledetails.name;
}

export type AvatarKind = { kind: 'admin' } | { kind: 'logo'; src: string } | { kind: 'initials'; text: string };

/** The admin roles get a special avatar; others their uploaded picture, else initials (spec §2). */
export function avatarFor(user: UserLike): AvatarKind {
  if (
    user.roleCodes.some((code) => (ADMIN_AVATAR_ROLES as readonly string[]).includes(normalizeRoleCode(code) ?? ''))
  ) {
    return { kind: 'admin' };
  }
  const logo = user.profileImg.find((img) => img.preview)?.preview;
  if (logo) return { kind: 'logo', src: logo };
  return { kind: 'initials', text: initials(userDisplayName(user)) || '?' };
}

/**
 * The name of the top bar's compact user button (a phone), which shows the avatar alone: when the avatar is the
 * user's initials, the name begins with them, so what is seen is what is named (WCAG 2.5.3; axe's
 * label-content-name-mismatch).
 */
export function compactUserButtonLabel(user: UserLike): string {
  const avatar = avatarFor(user);
  const label = `User menu for ${userDisplayName(user)}`;
  return avatar.kind === 'initials' ? `${avatar.text}, ${label}` : label;
}

/** Welcome line of the user menu. */
export const welcomeLine = (name: string): string => `Welcome, ${name}!`;
