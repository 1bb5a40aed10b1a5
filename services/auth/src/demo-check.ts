import { readFileSync, writeFileSync } from 'node:fs';
import { createDataSource, envVars, exitOnStartupError, loadEnv } from '@rayworks/nest-kit';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { database } from './database/data-source.js';
import { demoDifferences, type DemoFingerprint } from './modules/tenants/demo-fingerprint.js';
import { DEMO_TENANT } from './modules/tenants/demo-tenant.js';

/**
 * npm test's check that no test wrote into the demo tenant (scripts/test.sh, docs/decisions/0046):
 *   node services/auth/dist/demo-check.js record <file>   after the seed, before the tests: the fingerprint
 *   node services/auth/dist/demo-check.js compare <file>  after the tests: exits 1, naming every difference, when the
 *                                                        demo tenant is not exactly its seed or a table changed
 * DATABASE_URL is the owner URL (it reads every service's schema; row-level security applies to it too).
 */
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function fingerprint(m: EntityManager): Promise<DemoFingerprint> {
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

try {
  const [mode, file] = process.argv.slice(2);
  if ((mode !== 'record' && mode !== 'compare') || !file) throw new Error('usage: demo-check.js record|compare <file>');
  const env = loadEnv(z.object({ DATABASE_URL: envVars.DATABASE_URL }));
  const dataSource = await createDataSource(env.DATABASE_URL, database, 'auth-demo-check').initialize();
  try {
    const now = await dataSource.transaction(fingerprint);
    if (mode === 'record') {
      writeFileSync(file, `${JSON.stringify(now, null, 2)}\n`);
      process.stdout.write(`[demo-check] recorded the demo tenant: ${JSON.stringify(now.rows)}\n`);
    } else {
      const before = JSON.parse(readFileSync(file, 'utf8')) as DemoFingerprint;
      const differences = demoDifferences(DEMO_TENANT, before, now);
      if (differences.length) {
        process.stdout.write(
          `[demo-check] the demo tenant "${DEMO_TENANT.company.name}" is not exactly its seed:\n${differences.map((d) => `  - ${d}`).join('\n')}\n`,
        );
        process.exitCode = 1;
      } else {
        process.stdout.write(`[demo-check] the demo tenant holds exactly its seed: ${JSON.stringify(now.rows)}\n`);
      }
    }
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  exitOnStartupError('auth-demo-check', error);
}
