import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { QueryRunner } from 'typeorm';
import { v4 as uuidv4 } from 'uuid';
import { enableTenantRls, runInTenant } from '../../src/index.js';
import { infraEnv, roleUrl } from '@rayworks/testing';
import { createScratchSchema } from '../support/scratch-schema.js';
import pg from 'pg';

/** Row-level security on the real PostgreSQL, as a service's runtime role sees it. */
describe('tenant row-level security', () => {
  const tenantA = uuidv4();
  const tenantB = uuidv4();
  let scratch: Awaited<ReturnType<typeof createScratchSchema>>;

  beforeAll(async () => {
    scratch = await createScratchSchema('it_rls', async (schema, client) => {
      await client.query(
        `CREATE TABLE ${schema}.records (id bigserial PRIMARY KEY, tenant_id uuid NOT NULL, name text NOT NULL)`,
      );
      await enableTenantRls(client as unknown as QueryRunner, `${schema}.records`);
    });
    for (const [tenant, names] of [
      [tenantA, ['a1', 'a2']],
      [tenantB, ['b1', 'b2', 'b3']],
    ] as const) {
      await runInTenant(scratch.dataSource, tenant, async (m) => {
        for (const name of names)
          await m.query(`INSERT INTO records (tenant_id, name) VALUES ($1, $2)`, [tenant, name]);
      });
    }
  });

  afterAll(async () => scratch?.drop());

  it('connects as a role that is neither superuser nor BYPASSRLS, on a table that forces RLS', async () => {
    const [role] = await scratch.dataSource.query(
      `SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const [table] = await scratch.dataSource.query(
      `SELECT relrowsecurity, relforcerowsecurity FROM pg_class WHERE oid = $1::regclass`,
      [`${scratch.schema}.records`],
    );
    expect(table).toEqual({ relrowsecurity: true, relforcerowsecurity: true });
  });

  it("shows tenant A none of tenant B's rows through a plain SELECT *", async () => {
    const rows = await runInTenant(scratch.dataSource, tenantA, (m) => m.query(`SELECT * FROM records ORDER BY name`));
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['a1', 'a2']);
    expect(rows.every((r: { tenant_id: string }) => r.tenant_id === tenantA)).toBe(true);
  });

  it("refuses an INSERT of tenant B's id while tenant A is set, and changes nothing", async () => {
    await expect(
      runInTenant(scratch.dataSource, tenantA, (m) =>
        m.query(`INSERT INTO records (tenant_id, name) VALUES ($1, 'forged')`, [tenantB]),
      ),
    ).rejects.toThrow(/row-level security/);
    const rows = await runInTenant(scratch.dataSource, tenantB, (m) =>
      m.query(`SELECT name FROM records ORDER BY name`),
    );
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['b1', 'b2', 'b3']);
  });

  it("cannot move or touch another tenant's rows with UPDATE or DELETE", async () => {
    const updated = await runInTenant(scratch.dataSource, tenantA, (m) =>
      m.query(`UPDATE records SET name = 'x' WHERE name LIKE 'b%'`),
    );
    expect(updated[1]).toBe(0);
    await expect(
      runInTenant(scratch.dataSource, tenantA, (m) =>
        m.query(`UPDATE records SET tenant_id = $1 WHERE name = 'a1'`, [tenantB]),
      ),
    ).rejects.toThrow(/row-level security/);
    const deleted = await runInTenant(scratch.dataSource, tenantA, (m) =>
      m.query(`DELETE FROM records WHERE name LIKE 'b%'`),
    );
    expect(deleted[1]).toBe(0);
  });

  it('shows nothing when no tenant is set, and the tenant does not leak to the next transaction', async () => {
    expect(await scratch.dataSource.query(`SELECT * FROM records`)).toEqual([]);
    await runInTenant(scratch.dataSource, tenantA, (m) => m.query('SELECT 1'));
    // same pool, new transaction: SET LOCAL ended with the previous one
    expect(await scratch.dataSource.query(`SELECT * FROM records`)).toEqual([]);
  });

  it("keeps a service's role out of another service's schema", async () => {
    const client = new pg.Client({ connectionString: roleUrl(infraEnv().ownerDatabaseUrl, 'rayworks_cases') });
    await client.connect();
    try {
      await expect(client.query('SELECT * FROM imaging.outbox LIMIT 1')).rejects.toThrow(/permission denied/);
      await expect(client.query('SELECT count(*) FROM cases.outbox')).resolves.toBeDefined();
    } finally {
      await client.end();
    }
  });
});
