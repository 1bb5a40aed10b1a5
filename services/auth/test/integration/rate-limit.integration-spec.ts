import { beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, AUTH_MESSAGES } from '@rayworks/contracts';
import { AuthClient } from '../support/auth-client.js';
import { standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

const tooMany = { status: 429, body: { status: 'error', data: null, message: AUTH_MESSAGES.tooManyAttempts } };

/** Login attempts are limited per login name and per client address (defaults: 5 and 20 failures per 15 minutes). */
describe('login rate limits', () => {
  let t: StandardTenant;

  beforeAll(async () => {
    t = await standardTenant('rate');
  });

  it('per login name: after 5 failures, from any addresses, even the right password gets 429; unknown names alike', async () => {
    for (let i = 0; i < 5; i++)
      expect((await new AuthClient().tryLogin(t.login('reception'), `Wrong@${i}000`)).status).toBe(401);
    expect(await new AuthClient().tryLogin(t.login('reception'), TEST_PASSWORD)).toEqual(tooMany);
    const unknown = `ghost.${t.label}`;
    for (let i = 0; i < 5; i++) expect((await new AuthClient().tryLogin(unknown, `Wrong@${i}000`)).status).toBe(401);
    expect(await new AuthClient().tryLogin(unknown, TEST_PASSWORD)).toEqual(tooMany);
    // another user is not affected
    expect((await new AuthClient().tryLogin(t.login('typist'), TEST_PASSWORD)).status).toBe(200);
  });

  it('an administrator’s unblock lets the user in again at once', async () => {
    for (let i = 0; i < 5; i++) await new AuthClient().tryLogin(t.login('nobody'), 'Wrong@1234');
    expect(await new AuthClient().tryLogin(t.login('nobody'), TEST_PASSWORD)).toEqual(tooMany);
    const admin = new AuthClient();
    const session = await admin.login(t.login('admin'), TEST_PASSWORD);
    const reply = await admin.call(AUTH_API.unblockUser, { id: t.users[t.login('nobody')] }, { session });
    expect(reply.status).toBe(200);
    expect((await new AuthClient().tryLogin(t.login('nobody'), TEST_PASSWORD)).status).toBe(200);
    const [audit] = await tenantQuery(
      t.tenantId,
      `SELECT action FROM auth.audit_log WHERE target_id = $1 AND action = 'USER_UNBLOCK'`,
      [t.users[t.login('nobody')]],
    );
    expect(audit).toBeDefined();
  });

  it('per address: after 20 failures from one address, any login from it gets 429, other addresses are not affected', async () => {
    const attacker = new AuthClient();
    for (let i = 0; i < 20; i++)
      expect((await attacker.tryLogin(`guess${i}.${t.label}`, 'Wrong@1234')).status).toBe(401);
    expect(await attacker.tryLogin(t.login('rad'), TEST_PASSWORD)).toEqual(tooMany);
    expect((await new AuthClient().tryLogin(t.login('rad'), TEST_PASSWORD)).status).toBe(200);
  });

  it('records the failures in the audit log with the address; an unknown login name without a tenant', async () => {
    const client = new AuthClient();
    await client.tryLogin(t.login('ca1'), 'Wrong@1234');
    const rows = await tenantQuery<{ action: string; address: string; actor_login: string }>(
      t.tenantId,
      `SELECT action, address, actor_login FROM auth.audit_log WHERE address = $1`,
      [client.address],
    );
    expect(rows).toEqual([{ action: 'LOGIN_FAILURE', address: client.address, actor_login: t.login('ca1') }]);
    await client.tryLogin(`unknown.${t.label}`, 'Wrong@1234');
    // no tenant: read in the platform context only, never by a tenant
    const platform = await tenantQuery(
      null,
      `SELECT action, details->>'loginName' AS name FROM auth.audit_log WHERE address = $1`,
      [client.address],
    );
    expect(platform).toEqual([{ action: 'LOGIN_FAILURE', name: `unknown.${t.label}` }]);
    expect(
      await tenantQuery(t.tenantId, `SELECT 1 FROM auth.audit_log WHERE address = $1 AND tenant_id IS NULL`, [
        client.address,
      ]),
    ).toEqual([]);
  });
});
