import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, AUTH_MESSAGES } from '@rayworks/contracts';
import { AuthClient } from '../support/auth-client.js';
import { startAuthProcess } from '../support/auth-process.js';
import { waitForMail } from '../support/mailbox.js';
import { standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

const tooMany = { status: 429, body: { status: 'error', data: null, message: AUTH_MESSAGES.tooManyAttempts } };
/** The auth service's default: free attempts per (login name, address) before the waits start. */
const FREE_ATTEMPTS = 5;

const wrong = (i: number) => `Wrong@${1000 + i}`;

/**
 * Login limits (docs/decisions/0070), against the running auth service and Redis: per (login name, address) a few
 * free attempts, then doubling waits; per address a wider limit. Nobody can lock another user out.
 */
describe('login limits', () => {
  let t: StandardTenant;

  beforeAll(async () => {
    t = await standardTenant('rate');
  });

  it('delays the attacker’s address, not the account: the real user still logs in from another address', async () => {
    const attacker = new AuthClient();
    for (let i = 0; i < FREE_ATTEMPTS; i++)
      expect((await attacker.tryLogin(t.login('reception'), wrong(i))).status).toBe(401);
    expect(await attacker.tryLogin(t.login('reception'), wrong(99))).toEqual(tooMany);
    // the real user, elsewhere, is not affected
    expect((await new AuthClient().tryLogin(t.login('reception'), TEST_PASSWORD)).status).toBe(200);
    // and another user from the attacker's address neither (the address limit is wider)
    expect((await attacker.tryLogin(t.login('typist'), TEST_PASSWORD)).status).toBe(200);
  });

  it('while limited, the right password gets exactly the answer of a wrong one (no oracle)', async () => {
    const attacker = new AuthClient();
    for (let i = 0; i < FREE_ATTEMPTS; i++) await attacker.tryLogin(t.login('ca1'), wrong(i));
    const right = await attacker.tryLogin(t.login('ca1'), TEST_PASSWORD);
    const wrongAgain = await attacker.tryLogin(t.login('ca1'), wrong(42));
    expect(right).toEqual(tooMany);
    expect(wrongAgain).toEqual(right);
    // an unknown login name is limited alike: nothing to learn about which names exist
    const ghost = `ghost.${t.label}`;
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await attacker.tryLogin(ghost, wrong(i))).status).toBe(401);
    expect(await attacker.tryLogin(ghost, TEST_PASSWORD)).toEqual(tooMany);
  });

  it('counts every one of 20 parallel wrong attempts: only the free attempts get past (no race)', async () => {
    const attacker = new AuthClient();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attacker.tryLogin(t.login('ca2'), wrong(i))),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([
      ...Array<number>(FREE_ATTEMPTS).fill(401),
      ...Array<number>(20 - FREE_ATTEMPTS).fill(429),
    ]);
    expect(await attacker.tryLogin(t.login('ca2'), TEST_PASSWORD)).toEqual(tooMany);
  });

  it('writes an audit entry when a limit trips, and e-mails the user once that their account is attacked', async () => {
    const attacker = new AuthClient();
    for (let i = 0; i < FREE_ATTEMPTS; i++) await attacker.tryLogin(t.login('gca1'), wrong(i));
    const limited = await tenantQuery<{ action: string; actor_login: string; limits: string[] }>(
      t.tenantId,
      `SELECT action, actor_login, details->'limits' AS limits FROM auth.audit_log
        WHERE address = $1 AND action = 'LOGIN_LIMITED'`,
      [attacker.address],
    );
    expect(limited).toEqual([{ action: 'LOGIN_LIMITED', actor_login: t.login('gca1'), limits: ['account-address'] }]);
    const mail = await waitForMail(t.email('gca1'));
    expect(mail.subject).toBe('Repeated failed logins to your Rayworks account');
    expect(mail.text).toContain('your account is not locked');
  });

  it('shows the user as Blocked while delayed; the administrator’s unblock ends the delays from every address', async () => {
    const shared = new AuthClient(); // e.g. the user behind the same office NAT as the attacker
    for (let i = 0; i < FREE_ATTEMPTS; i++) await shared.tryLogin(t.login('nobody'), wrong(i));
    expect(await shared.tryLogin(t.login('nobody'), TEST_PASSWORD)).toEqual(tooMany);
    const admin = new AuthClient();
    const session = await admin.login(t.login('admin'), TEST_PASSWORD);
    const id = t.users[t.login('nobody')]!;
    const before = await admin.call<{ isBlocked: boolean }>(AUTH_API.getUser, { id }, { session });
    expect(before.body.data.isBlocked).toBe(true);
    expect((await admin.call(AUTH_API.unblockUser, { id }, { session })).status).toBe(200);
    const after = await admin.call<{ isBlocked: boolean }>(AUTH_API.getUser, { id }, { session });
    expect(after.body.data.isBlocked).toBe(false);
    expect((await shared.tryLogin(t.login('nobody'), TEST_PASSWORD)).status).toBe(200);
    const [audit] = await tenantQuery(
      t.tenantId,
      `SELECT action FROM auth.audit_log WHERE target_id = $1 AND action = 'USER_UNBLOCK'`,
      [id],
    );
    expect(audit).toBeDefined();
  });

  it('records the failures in the audit log with the address; an unknown login name without a tenant', async () => {
    const client = new AuthClient();
    await client.tryLogin(t.login('ca3'), 'Wrong@1234');
    const rows = await tenantQuery<{ action: string; address: string; actor_login: string }>(
      t.tenantId,
      `SELECT action, address, actor_login FROM auth.audit_log WHERE address = $1`,
      [client.address],
    );
    expect(rows).toEqual([{ action: 'LOGIN_FAILURE', address: client.address, actor_login: t.login('ca3') }]);
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

  describe('per address (an auth process with a small address limit)', () => {
    const ADDRESS_LIMIT = 6;
    let auth: Awaited<ReturnType<typeof startAuthProcess>>;

    beforeAll(async () => {
      auth = await startAuthProcess({ LOGIN_MAX_FAILURES_PER_ADDRESS: String(ADDRESS_LIMIT) });
    }, 90_000);

    afterAll(async () => {
      await auth?.close();
    });

    it('after the limit of failures over many login names, the address gets 429; other addresses do not', async () => {
      const sprayer = new AuthClient(auth.url);
      for (let i = 0; i < ADDRESS_LIMIT; i++)
        expect((await sprayer.tryLogin(`spray${i}.${t.label}`, 'Wrong@1234')).status).toBe(401);
      expect(await sprayer.tryLogin(t.login('rad'), TEST_PASSWORD)).toEqual(tooMany);
      expect((await new AuthClient(auth.url).tryLogin(t.login('rad'), TEST_PASSWORD)).status).toBe(200);
      const [tripped] = await tenantQuery<{ limits: string[] }>(
        null,
        `SELECT details->'limits' AS limits FROM auth.audit_log WHERE address = $1 AND action = 'LOGIN_LIMITED'`,
        [sprayer.address],
      );
      expect(tripped).toEqual({ limits: ['address'] });
    });
  });
});
