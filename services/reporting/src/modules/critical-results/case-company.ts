import type { RequestAccess, TenantScope } from '@rayworks/nest-kit';

/**
 * Where the work around a case is written and read: the case's company, as the caller (the same road as cases'
 * caseCompanyScope, docs/decisions/0150-fusion-reach.md): a caller of another company (a marketplace radiologist)
 * reaches the case through cases' own reach check first.
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
