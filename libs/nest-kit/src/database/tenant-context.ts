import type { DataSource, EntityManager } from 'typeorm';

/** The PostgreSQL setting that row-level-security policies compare `tenant_id` with. */
export const TENANT_SETTING = 'app.tenant_id';
/** The caller's user id, for policies that show a row to the user it names (a marketplace radiologist's case). */
export const USER_SETTING = 'app.user_id';
/**
 * The caller's principal level (Principal.level: 'tenant' | 'group' | 'centre' | 'platform' | 'marketplace', or
 * 'system' for the service's own cross-company sweeps), for policies that open rows to a level (the marketplace).
 */
export const PRINCIPAL_LEVEL_SETTING = 'app.principal_level';

/**
 * The principal level of the service's own work across companies (sweepers, operational counts): no request can
 * carry it, only server code sets it.
 */
export const SYSTEM_LEVEL = 'system';

/** Who the transaction runs for, as row-level security sees it. */
export interface DbContext {
  tenantId: string | null;
  userId?: string | null;
  level?: string | null;
}

/**
 * Runs work in one transaction with the verified tenant set for that transaction only
 * (`set_config(..., true)` is SET LOCAL): every query inside sees only that tenant's rows.
 */
export async function runInTenant<T>(
  dataSource: DataSource,
  tenantId: string,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return dataSource.transaction(async (manager) => {
    await setTenant(manager, tenantId);
    return work(manager);
  });
}

/**
 * Sets the tenant (and, when known, the user and principal level) for the current transaction of this manager, in
 * one statement. The user and level are always set (empty when not given) so a context never inherits another's.
 */
export async function setTenant(
  manager: EntityManager,
  tenantId: string | null,
  who: Omit<DbContext, 'tenantId'> = {},
): Promise<void> {
  await manager.query('SELECT set_config($1, $2, true), set_config($3, $4, true), set_config($5, $6, true)', [
    TENANT_SETTING,
    tenantId ?? '',
    USER_SETTING,
    who.userId ?? '',
    PRINCIPAL_LEVEL_SETTING,
    who.level ?? '',
  ]);
}

/** Sets a whole context (tenant, user, level) for the current transaction. */
export const setDbContext = (manager: EntityManager, context: DbContext): Promise<void> =>
  setTenant(manager, context.tenantId, context);
