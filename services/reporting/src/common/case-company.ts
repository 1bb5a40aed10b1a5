import type { RequestAccess, TenantScope } from '@rayworks/nest-kit';

/**
 * Where the work about a case runs: the case's company (Case.companyId), as the caller — the same road as cases'
 * own caseCompanyScope: a marketplace radiologist (of no company) or the fusion side writes a report in the case's
 * company with its own user id and level for row-level security.
 */
export function caseCompanyScope(access: RequestAccess, caseTenantId: string): RequestAccess | TenantScope {
  const p = access.principal;
  if (caseTenantId === p.tenantId) return access;
  return {
    tenantId: caseTenantId,
    actor: { type: 'user', id: p.userId },
    user: { userId: p.userId, loginName: p.loginName },
    rls: { userId: p.userId, level: p.level },
  };
}
