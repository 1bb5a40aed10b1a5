import type { QueryRunner } from 'typeorm';
import { TENANT_SETTING } from './tenant-context.js';

const IDENT = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;

/** The SQL that puts a table under tenant row-level security. */
export function tenantRlsStatements(qualifiedTable: string): string[] {
  if (!IDENT.test(qualifiedTable)) throw new Error(`not a plain table name: ${qualifiedTable}`);
  const tenant = `NULLIF(current_setting('${TENANT_SETTING}', true), '')::uuid`;
  return [
    `ALTER TABLE ${qualifiedTable} ENABLE ROW LEVEL SECURITY`,
    // Owners skip policies unless the table forces them.
    `ALTER TABLE ${qualifiedTable} FORCE ROW LEVEL SECURITY`,
    `CREATE POLICY tenant_isolation ON ${qualifiedTable} USING (tenant_id = ${tenant}) WITH CHECK (tenant_id = ${tenant})`,
  ];
}

/** Migration helper: only rows of the tenant set for the transaction are visible or writable. */
export async function enableTenantRls(queryRunner: QueryRunner, qualifiedTable: string): Promise<void> {
  for (const sql of tenantRlsStatements(qualifiedTable)) await queryRunner.query(sql);
}
