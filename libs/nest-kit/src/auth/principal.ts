import type { PrivilegeGrants } from '@rayworks/contracts';

/**
 * How far a user reaches inside its tenant (docs/decisions/0012-tenancy-and-scopes.md):
 * - tenant: every group and centre of the tenant (platform admins, radiology admin, marketplace radiologists);
 * - group: the centres of one group (group admins, fusion group admins);
 * - centre: the centres the user is assigned to (everyone else).
 */
export const ACCESS_LEVELS = ['tenant', 'group', 'centre'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The verified caller of a request, as the access token carries it. */
export interface Principal {
  userId: string;
  tenantId: string;
  loginName: string;
  roleCodes: readonly string[];
  /** The user's group (a group-level user's group, or the group of a centre user's centres); null otherwise. */
  groupId: string | null;
  /** The centres the user holds: a centre user's own, a group user's group centres (at token time); [] for tenant level. */
  centreIds: readonly string[];
  grants: PrivilegeGrants;
  sessionId: string;
  level: AccessLevel;
  /** The user must set a new password before doing anything else (spec §4: resetPassword). */
  resetPassword: boolean;
  /**
   * The user's principal version (SessionStore.principalVersion) read before the rest of this principal: when an
   * admin changes the user's role, its privileges, the user's centres or their group, the version goes up, and a
   * token of an older version is refused (401) until renewed: changed privileges and reach apply at once.
   */
  principalVersion: number;
}
