import type { PrivilegeGrants } from '@rayworks/contracts';
import { forbidden } from './auth.errors.js';

/**
 * How far a user reaches (docs/decisions/0012-tenancy-and-scopes.md, 0085-platform-operators.md):
 * - platform: a platform operator, who belongs to no tenant (tenantId null: the platform context, in which
 *   row-level security shows no company's rows) and holds only the PLATFORM module's privileges;
 * - tenant: every group and centre of the tenant (platform admins, radiology admin, marketplace radiologists);
 * - group: the centres of one group (group admins, fusion group admins);
 * - centre: the centres the user is assigned to (everyone else);
 * - marketplace: a marketplace radiologist of the platform (tenantId null), who reaches no company's rows except
 *   what row-level security opens to them: cases offered to the marketplace or taken by them
 *   (docs/decisions/0147-marketplace-offers.md).
 */
export const ACCESS_LEVELS = ['tenant', 'group', 'centre', 'platform', 'marketplace'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The verified caller of a request, as the access token carries it. */
export interface Principal {
  userId: string;
  /** The user's company; null only for a platform operator (level 'platform') or a marketplace radiologist ('marketplace'). */
  tenantId: string | null;
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

/**
 * Is this caller a platform operator (SUPER_ADMIN of the platform, not of a company)? Recognised by its level and
 * its missing tenant, which only the auth service's login of a user without a company gives (docs/decisions/0085);
 * never by a role code, which a company's role may carry too.
 */
export const isPlatformOperator = (principal: Pick<Principal, 'level' | 'tenantId'>): boolean =>
  principal.level === 'platform' && principal.tenantId === null;

/**
 * The caller's company, for work inside one (a company's records, the caller's own profile or preferences). A
 * platform operator has none: such work is refused to it (403), whatever route led there.
 */
export function companyOf(principal: Pick<Principal, 'tenantId'>): string {
  if (principal.tenantId === null) throw forbidden();
  return principal.tenantId;
}

/** Is this caller a marketplace radiologist of the platform (no company; level 'marketplace')? */
export const isMarketplacePrincipal = (principal: Pick<Principal, 'level' | 'tenantId'>): boolean =>
  principal.level === 'marketplace' && principal.tenantId === null;
