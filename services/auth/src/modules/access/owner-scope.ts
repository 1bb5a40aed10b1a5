import { forbidden, type RequestAccess } from '@rayworks/nest-kit';

/** Who owns a new editable reference row (role, department, referral): the whole tenant, a group or a centre. */
export interface OwnerScope {
  ownerGroupId: string | null;
  ownerCentreId: string | null;
}

/**
 * The owner of what a caller creates: tenant users create for the tenant, group users for their group, centre
 * users for their (first, after x-center-ids narrowing) centre. A request narrowed to nothing may create nothing.
 */
export function ownerFor(access: RequestAccess): OwnerScope {
  if (access.empty) throw forbidden();
  const { principal } = access;
  if (principal.level === 'tenant') return { ownerGroupId: null, ownerCentreId: null };
  if (principal.level === 'group') return { ownerGroupId: principal.groupId, ownerCentreId: null };
  const centre = access.centreFilter?.[0];
  if (!centre) throw forbidden();
  return { ownerGroupId: null, ownerCentreId: centre };
}

/** The same caller without header narrowing: to read back a row it has just written. Row-level security still holds. */
export const wholeReach = (access: RequestAccess): RequestAccess =>
  access.principal.level === 'tenant'
    ? { ...access, groupFilter: null, centreFilter: null, empty: false }
    : access.principal.level === 'group'
      ? { ...access, groupFilter: access.principal.groupId, centreFilter: null, empty: false }
      : { ...access, groupFilter: null, centreFilter: [...access.principal.centreIds], empty: false };
