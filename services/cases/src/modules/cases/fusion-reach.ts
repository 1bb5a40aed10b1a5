import { ROLE_CODES } from '@rayworks/contracts';
import type { QueryParams, RequestAccess } from '@rayworks/nest-kit';

const FUSION_ADMINS: readonly string[] = [
  ROLE_CODES.FUSION_GROUP_ADMIN,
  ROLE_CODES.FUSION_GROUP_CENTER,
  ROLE_CODES.FUSION_CENTER,
];
const RADIOLOGISTS: readonly string[] = [ROLE_CODES.CENTER_RADIOLOGIST, ROLE_CODES.JUNIOR_RADIOLOGIST];

/**
 * The fusion side's reach of a sent case (docs/decisions/0150-fusion-reach.md), on alias `c`. Row-level security
 * (policy fusion_reach) already shows the caller's company every case sent to it (fusion_tenant_id, while the fusion
 * status is not RECALLED); inside that: the fusion admins the cases sent to their fusion centres (company-level
 * users: every centre), the fusion centre's radiologist the cases assigned to them; anyone else nothing.
 */
export function fusionReachSql(access: RequestAccess, p: QueryParams, c = 'c'): string {
  const { principal } = access;
  if (access.empty || principal.tenantId === null) return 'FALSE';
  const has = (codes: readonly string[]) => principal.roleCodes.some((r) => codes.includes(r));
  const base = `${c}.fusion_tenant_id = ${p.add(principal.tenantId)}::uuid AND ${c}.fusion_status <> 'RECALLED'`;
  if (has(RADIOLOGISTS)) return `${base} AND ${c}.radiologist_id = ${p.add(principal.userId)}::uuid`;
  if (principal.level === 'tenant' && access.centreFilter === null) return base;
  if (has(FUSION_ADMINS) || principal.level === 'tenant') {
    const centres = access.centreFilter ?? principal.centreIds;
    return `${base} AND ${c}.fusion_centre_id = ANY(${p.add([...centres])}::uuid[])`;
  }
  return 'FALSE';
}
