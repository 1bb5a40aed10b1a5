import { setDbContext, type ChangeTx, type DbContext, type RequestAccess, type TenantScope } from '@rayworks/nest-kit';
import { caseReachKind } from './case-reach.js';

/**
 * Acting on a case of another company (docs/decisions/0150-fusion-reach.md): a caller whose reach may hold one — a
 * marketplace radiologist (of no company) or the fusion side — reads the case under its own row-level security, and
 * writes in the case's company, as itself.
 */
export const actsAcrossCompanies = (access: RequestAccess): boolean =>
  access.principal.tenantId === null || caseReachKind(access) === 'fusion';

/** The database context of a request's caller (its tenant, user and level). */
export const callerContext = (access: RequestAccess): DbContext => ({
  tenantId: access.principal.tenantId,
  userId: access.principal.userId,
  level: access.principal.level,
});

/** A unit of work in the case's company, as the caller (actor, audit user, the user and level policies see). */
export function scopeInCompany(access: RequestAccess, caseTenantId: string | undefined): RequestAccess | TenantScope {
  if (caseTenantId === undefined || caseTenantId === access.principal.tenantId) return access;
  const p = access.principal;
  return {
    tenantId: caseTenantId,
    actor: { type: 'user', id: p.userId },
    user: { userId: p.userId, loginName: p.loginName },
    rls: { userId: p.userId, level: p.level },
  };
}

/** Runs `load` under the caller's own context inside a unit of work of the case's company, then returns to it. */
export async function asCaller<T>(tx: ChangeTx, access: RequestAccess, caseTenantId: string, load: () => Promise<T>) {
  await setDbContext(tx.manager, callerContext(access));
  try {
    return await load();
  } finally {
    await setDbContext(tx.manager, { ...callerContext(access), tenantId: caseTenantId });
  }
}
