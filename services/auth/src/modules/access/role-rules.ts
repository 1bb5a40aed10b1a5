import { ROLE_CODES, normalizeRoleCode, type PrivilegeGrants, type RoleCode } from '@rayworks/contracts';
import type { AccessLevel, Principal } from '@rayworks/nest-kit';

/**
 * How far each role reaches inside its tenant (docs/decisions/0012-tenancy-and-scopes.md). Platform roles reach
 * the whole tenant; group admins (plain and fusion) their group; everyone else the centres they are assigned to.
 */
const TENANT_ROLES: readonly RoleCode[] = [
  ROLE_CODES.ADMIN,
  ROLE_CODES.SUPER_ADMIN,
  ROLE_CODES.RADIOLOGY_ADMIN,
  ROLE_CODES.MARKETPLACE_RADIOLOGIST,
];
const GROUP_ROLES: readonly RoleCode[] = [ROLE_CODES.GROUP_ADMIN, ROLE_CODES.FUSION_GROUP_ADMIN];

/** A platform operator (docs/decisions/0085) reaches no company: it may hand out none of a company's roles. */
const RANK: Record<AccessLevel, number> = { platform: 0, marketplace: 0, centre: 1, group: 2, tenant: 3 };

/** The reach of a company's role (a platform operator's level comes from having no company, not from a code). */
export function roleLevel(roleCode: string): Exclude<AccessLevel, 'platform' | 'marketplace'> {
  const code = normalizeRoleCode(roleCode);
  if (code && TENANT_ROLES.includes(code)) return 'tenant';
  if (code && GROUP_ROLES.includes(code)) return 'group';
  return 'centre';
}

/** Every code of `grants` is also in `held`. */
export function grantsWithin(grants: PrivilegeGrants, held: PrivilegeGrants): boolean {
  return Object.entries(grants).every(([type, codes]) =>
    (codes ?? []).every((code) => held[type as keyof PrivilegeGrants]?.includes(code)),
  );
}

/**
 * May the caller hand out a role with this code? Only a code whose reach is no wider than the caller's own;
 * the platform admin code only by a platform admin, SUPER_ADMIN only by a SUPER_ADMIN.
 */
export function canUseRoleCode(caller: Pick<Principal, 'level' | 'roleCodes'>, roleCode: string): boolean {
  const code = normalizeRoleCode(roleCode);
  if (!code) return false;
  if (RANK[roleLevel(code)] > RANK[caller.level]) return false;
  if (code === ROLE_CODES.SUPER_ADMIN) return caller.roleCodes.includes(ROLE_CODES.SUPER_ADMIN);
  if (code === ROLE_CODES.ADMIN)
    return caller.roleCodes.some((c) => c === ROLE_CODES.ADMIN || c === ROLE_CODES.SUPER_ADMIN);
  return true;
}

/** The submodules that administer the organisation and its people: the powers that must not be escalated. */
export const ADMINISTRATIVE_TYPES = ['GROUP', 'CENTERS', 'ROLES', 'USER', 'DEPARTMENT', 'DOCTOR', 'REFERRALS'] as const;

export const administrativePart = (grants: PrivilegeGrants): PrivilegeGrants =>
  Object.fromEntries(
    Object.entries(grants).filter(([type]) => (ADMINISTRATIVE_TYPES as readonly string[]).includes(type)),
  );

/** May the caller define a role with these privileges: every one of them is the caller's own. */
export function canDefineRole(
  caller: Pick<Principal, 'level' | 'roleCodes' | 'grants'>,
  role: { roleCode: string; privileges: PrivilegeGrants },
): boolean {
  return canUseRoleCode(caller, role.roleCode) && grantsWithin(role.privileges, caller.grants);
}

/**
 * May the caller assign a role to a user (or manage a user who has it): its code is no wider than the caller's
 * reach and its administrative privileges are the caller's own. Work privileges (reading cases, billing, the
 * profile) are not compared: a centre admin assigns radiologists without reading cases itself.
 */
export function canAssignRole(
  caller: Pick<Principal, 'level' | 'roleCodes' | 'grants'>,
  role: { roleCode: string; privileges: PrivilegeGrants },
): boolean {
  return canUseRoleCode(caller, role.roleCode) && grantsWithin(administrativePart(role.privileges), caller.grants);
}
