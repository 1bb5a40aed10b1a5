import type { RequestAccess, TenantScope } from '@rayworks/nest-kit';

/**
 * Where the work around a case is written and read: the case's company. A marketplace radiologist (of no company)
 * or the fusion side (another company) reaches the case under its own row-level security (VisibleCases: 404
 * otherwise), then its message or history entry is written in the case's company, as itself — the same road as the
 * transition runner's (docs/decisions/0150-fusion-reach.md, 0143-case-chat-push.md).
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
