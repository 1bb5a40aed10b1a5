import type { QueryParams } from '../database/typed-query.js';
import type { RequestAccess } from './request-access.js';

/**
 * Whether a centre of the caller's company is in the caller's reach (the company's users: every centre; a group's:
 * the group's centres; a centre's: its own), narrowed by the request's group and centre headers. A marketplace
 * radiologist or a platform operator reaches no centre.
 */
export function centreInReach(access: RequestAccess, centre: { id: string; groupId: string | null }): boolean {
  if (access.empty || access.principal.tenantId === null) return false;
  if (access.groupFilter !== null && centre.groupId !== access.groupFilter) return false;
  if (access.centreFilter !== null && !access.centreFilter.includes(centre.id)) return false;
  switch (access.principal.level) {
    case 'tenant':
      return true;
    case 'group':
      return access.principal.groupId !== null && centre.groupId === access.principal.groupId;
    case 'centre':
      return access.principal.centreIds.includes(centre.id);
    default:
      return false;
  }
}

/**
 * `centreInReach` as SQL over a row's centre and group columns (e.g. `{ centre: 'p.centre_id', group: 'p.group_id' }`),
 * for a query under row-level security (which already keeps it in the caller's company). Its parameters go into `p`.
 */
export function centreReachSql(
  access: RequestAccess,
  p: QueryParams,
  columns: { centre: string; group: string },
): string {
  if (access.empty || access.principal.tenantId === null) return 'FALSE';
  const { level, groupId, centreIds } = access.principal;
  const inGroup = (group: string) => `${columns.group} = ${p.add(group)}::uuid`;
  const inCentres = (ids: readonly string[]) => `${columns.centre} = ANY(${p.add([...ids])}::uuid[])`;
  switch (level) {
    case 'tenant': {
      const parts = [
        ...(access.groupFilter !== null ? [inGroup(access.groupFilter)] : []),
        ...(access.centreFilter !== null ? [inCentres(access.centreFilter)] : []),
      ];
      return parts.length === 0 ? 'TRUE' : `(${parts.join(' AND ')})`;
    }
    case 'group':
      if (groupId === null || (access.groupFilter !== null && access.groupFilter !== groupId)) return 'FALSE';
      return access.centreFilter === null
        ? `(${inGroup(groupId)})`
        : `(${inGroup(groupId)} AND ${inCentres(access.centreFilter)})`;
    case 'centre':
      // the centres it holds, narrowed by the request's centres
      return `(${inCentres((access.centreFilter ?? centreIds).filter((id) => centreIds.includes(id)))})`;
    default:
      return 'FALSE';
  }
}
