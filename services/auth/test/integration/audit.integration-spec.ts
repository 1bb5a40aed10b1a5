import { beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { AUTH_API, ROLE_CODES } from '@rayworks/contracts';
import { infraEnv, roleUrl } from '@rayworks/testing';
import { AuthClient } from '../support/auth-client.js';
import { standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

/** The append-only audit log: what is written, and that neither the service's role nor the owner can rewrite it. */
describe('audit log', () => {
  let t: StandardTenant;
  const api = new AuthClient();

  beforeAll(async () => {
    t = await standardTenant('audit');
  });

  it('records logins, logout, user and role changes with actor, tenant, address, user agent and time', async () => {
    const session = await api.login(t.login('admin'), TEST_PASSWORD);
    const role = await api.call<{ _id: string }>(
      AUTH_API.createRole,
      { name: 'Auditors', roleCode: ROLE_CODES.RECEPTIONIST, privileges: { USER: ['VIEW'] } },
      { session },
    );
    const user = await api.call<{ _id: string }>(
      AUTH_API.createUser,
      {
        loginName: `${t.label}.audited`,
        firstName: 'Au',
        lastName: 'Dited',
        email: `${t.label}.audited@it.rayworks.local`,
        roleID: t.roles[ROLE_CODES.RECEPTIONIST],
        centerID: [t.centres.c1],
      },
      { session },
    );
    await api.call(AUTH_API.userStatus, { id: user.body.data._id, isActive: false }, { session });
    await api.call(AUTH_API.logout, {}, { session });
    const rows = await tenantQuery<Record<string, unknown>>(
      t.tenantId,
      `SELECT action, actor_id, actor_login, target_type, target_id, address, tenant_id, at FROM auth.audit_log WHERE actor_id = $1 ORDER BY id`,
      [session.userId],
    );
    expect(rows.map((r) => [r.action, r.target_type])).toEqual([
      ['LOGIN_SUCCESS', 'session'],
      ['ROLE_CREATE', 'role'],
      ['USER_CREATE', 'user'],
      ['USER_STATUS', 'user'],
      ['LOGOUT', 'session'],
    ]);
    for (const row of rows)
      expect(row).toMatchObject({
        actor_login: t.login('admin'),
        address: api.address,
        tenant_id: t.tenantId,
        at: expect.any(Date),
      });
    expect(rows[1]!.target_id).toBe(role.body.data._id);
  });

  it("refuses UPDATE and DELETE to the service's role (no privilege) and to the owner (trigger)", async () => {
    const owner = infraEnv().ownerDatabaseUrl;
    for (const url of [roleUrl(owner, 'rayworks_auth'), owner]) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [t.tenantId]);
        await expect(
          client.query(`UPDATE auth.audit_log SET action = 'FORGED' WHERE tenant_id = $1`, [t.tenantId]),
        ).rejects.toThrow(/permission denied|append-only/);
        await client.query('ROLLBACK');
        await client.query('BEGIN');
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [t.tenantId]);
        await expect(client.query(`DELETE FROM auth.audit_log WHERE tenant_id = $1`, [t.tenantId])).rejects.toThrow(
          /permission denied|append-only/,
        );
        await client.query('ROLLBACK');
        await expect(client.query(`TRUNCATE auth.audit_log`)).rejects.toThrow(/permission denied|append-only/);
      } finally {
        await client.end();
      }
    }
    const [{ n }] = await tenantQuery<{ n: number }>(
      t.tenantId,
      `SELECT count(*)::int AS n FROM auth.audit_log WHERE action = 'FORGED'`,
    );
    expect(n).toBe(0);
  });

  it("keeps one tenant's audit rows from another tenant", async () => {
    const other = await standardTenant('audit2');
    await api.login(other.login('rad'), TEST_PASSWORD);
    expect(
      await tenantQuery(t.tenantId, `SELECT 1 FROM auth.audit_log WHERE tenant_id = $1`, [other.tenantId]),
    ).toEqual([]);
  });
});
