import type { DataSource, EntityManager } from 'typeorm';

/** The PostgreSQL setting that row-level-security policies compare `tenant_id` with. */
export const TENANT_SETTING = 'app.tenant_id';

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

/** Sets the tenant for the current transaction of this manager. */
export async function setTenant(manager: EntityManager, tenantId: string | null): Promise<void> {
  await manager.query('SELECT set_config($1, $2, true)', [TENANT_SETTING, tenantId ?? '']);
}
