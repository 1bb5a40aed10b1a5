import type { EntityManager } from 'typeorm';
import type { DemoFingerprint } from './demo-fingerprint.js';
import { DEMO_TENANT } from './demo-tenant.js';

/**
 * The demo tenant as it is (npm test's demo check, services/auth/src/demo-check.ts; docs/decisions/0046): the rows
 * of every table of every service's schema that hold its tenant (counted, and hashed but for the outboxes), and what
 * its seed made. Read with the owner's connection, the demo tenant set for row-level security.
 */
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function readDemoFingerprint(m: EntityManager): Promise<DemoFingerprint> {
  const [company] = (await m.query(`SELECT id FROM auth.companies WHERE code = $1`, [DEMO_TENANT.company.code])) as {
    id: string;
  }[];
  if (!company) throw new Error(`no demo tenant "${DEMO_TENANT.company.code}": run bash scripts/seed-demo.sh first`);
  const tenantId = company.id;
  await m.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
  const rows: Record<string, number> = {};
  const tables = (await m.query(
    `SELECT c.table_schema AS schema, c.table_name AS name, c.column_name AS column
       FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND ((c.column_name = 'tenant_id') OR (c.table_name = 'outbox' AND c.column_name = 'envelope'))
        -- read models of another service's data fill from Kafka at their own pace; their sources are checked
        AND coalesce(obj_description(format('%I.%I', c.table_schema, c.table_name)::regclass, 'pg_class'), '')
            NOT LIKE 'read model of %'
      ORDER BY 1, 2`,
  )) as { schema: string; name: string; column: string }[];
  const contents: Record<string, string> = {};
  for (const t of tables) {
    const where = t.column === 'envelope' ? `envelope->>'tenantId' = $1` : `tenant_id::text = $1`;
    // Outboxes (events, jobs) are counted only: their relays mark rows published while the tests run.
    const content = /outbox$/.test(t.name)
      ? 'NULL'
      : `md5(coalesce(string_agg(md5(r::text), ',' ORDER BY md5(r::text)), ''))`;
    const [{ count, hash }] = (await m.query(
      `SELECT count(*)::int AS count, ${content} AS hash FROM ${quote(t.schema)}.${quote(t.name)} r WHERE ${where}`,
      [tenantId],
    )) as [{ count: number; hash: string | null }];
    rows[`${t.schema}.${t.name}`] = count;
    if (hash !== null) contents[`${t.schema}.${t.name}`] = hash;
  }
  const list = async (sql: string) => ((await m.query(sql, [tenantId])) as { v: string }[]).map((r) => r.v).sort();
  const [{ custom }] = (await m.query(
    `SELECT count(*)::int AS custom FROM auth.roles WHERE tenant_id = $1 AND NOT is_system`,
    [tenantId],
  )) as [{ custom: number }];
  return {
    tenantId,
    rows,
    contents,
    seeded: {
      groups: await list(`SELECT code AS v FROM auth.groups WHERE tenant_id = $1`),
      centres: await list(`SELECT code AS v FROM auth.centres WHERE tenant_id = $1`),
      users: await list(`SELECT login_name AS v FROM auth.users WHERE tenant_id = $1`),
      customRoles: custom,
    },
  };
}
