import { beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, OrgUnitCreatedV1, OrgUnitUpdatedV1 } from '@rayworks/contracts';
import { DEPARTMENT_SORT } from '../../src/modules/departments/departments.repository.js';
import { DOCTOR_SORT } from '../../src/modules/doctors/doctors.repository.js';
import { CENTRE_SORT } from '../../src/modules/org/centres.repository.js';
import { GROUP_SORT } from '../../src/modules/org/groups.repository.js';
import { REFERRAL_SORT } from '../../src/modules/referrals/referrals.repository.js';
import { ROLE_SORT } from '../../src/modules/roles/roles.repository.js';
import { USER_SORT } from '../../src/modules/users/users.repository.js';
import { AuthClient, type Session } from '../support/auth-client.js';
import { standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

interface OutboxRow {
  topic: string;
  envelope: { type: string; tenantId: string; actor: { type: string; id: string }; payload: Record<string, unknown> };
}

/**
 * Auth's changes through nest-kit's UnitOfWork, seen from outside: one call changes the rows and records the
 * outbox event and the audit entry of the change, with the caller's tenant and identity; a refused change records
 * nothing (docs/decisions/0030).
 */
describe('auth changes are units of work', () => {
  let t: StandardTenant;
  let session: Session;
  const api = new AuthClient();

  const eventsOf = (tenantId: string, key: string) =>
    tenantQuery<OutboxRow>(tenantId, `SELECT topic, envelope FROM auth.outbox WHERE message_key = $1 ORDER BY id`, [
      key,
    ]);
  const auditOf = (tenantId: string, targetId: string) =>
    tenantQuery<{ action: string; actor_id: string; address: string }>(
      tenantId,
      `SELECT action, actor_id, address FROM auth.audit_log WHERE target_id = $1 ORDER BY id`,
      [targetId],
    );
  const tenantTotals = async (tenantId: string) => {
    const [row] = await tenantQuery<{ events: number; entries: number; groups: number }>(
      tenantId,
      `SELECT (SELECT count(*)::int FROM auth.outbox WHERE envelope->>'tenantId' = $1) AS events,
              (SELECT count(*)::int FROM auth.audit_log) AS entries,
              (SELECT count(*)::int FROM auth.groups) AS groups`,
      [tenantId],
    );
    return row!;
  };

  beforeAll(async () => {
    t = await standardTenant('uow');
    session = await api.login(t.login('admin'), TEST_PASSWORD);
  });

  it('writes the group, its OrgUnitCreated event and its audit entry, with the caller as actor', async () => {
    const reply = await api.call<{ _id: string }>(
      AUTH_API.createGroup,
      { name: 'Unit Group', code: `UOW${t.label}`.slice(0, 20) },
      { session },
    );
    expect(reply.status).toBe(200);
    const id = reply.body.data._id;
    const events = await eventsOf(t.tenantId, id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      topic: OrgUnitCreatedV1.topic,
      envelope: {
        type: OrgUnitCreatedV1.type,
        tenantId: t.tenantId,
        actor: { type: 'user', id: session.userId },
        payload: { id, kind: 'group', code: `UOW${t.label}`.slice(0, 20) },
      },
    });
    expect(await auditOf(t.tenantId, id)).toEqual([
      { action: 'GROUP_CREATE', actor_id: session.userId, address: api.address },
    ]);

    const updated = await api.call(AUTH_API.groupStatus, { id, isActive: false }, { session });
    expect(updated.status).toBe(200);
    expect((await eventsOf(t.tenantId, id)).map((e) => e.envelope.type)).toEqual([
      OrgUnitCreatedV1.type,
      OrgUnitUpdatedV1.type,
    ]);
    expect((await auditOf(t.tenantId, id)).map((a) => a.action)).toEqual(['GROUP_CREATE', 'GROUP_UPDATE']);
  });

  it('records nothing for a refused change: no row, no event, no audit entry but the denial', async () => {
    const code = `DUP${t.label}`.slice(0, 20);
    expect((await api.call(AUTH_API.createGroup, { name: 'First', code }, { session })).status).toBe(200);
    const before = await tenantTotals(t.tenantId);
    const duplicate = await api.call(AUTH_API.createGroup, { name: 'Second', code }, { session });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toBe('A group with this code already exists');
    // a group-level admin may not create groups at all
    const ga = await api.login(t.login('ga'), TEST_PASSWORD);
    const refused = await api.call(
      AUTH_API.createGroup,
      { name: 'Third', code: `X${code}`.slice(0, 20) },
      {
        session: ga,
      },
    );
    expect(refused.status).toBe(403);
    const after = await tenantTotals(t.tenantId);
    // the group admin's login and the access denial are audited (the login writes its session row), nothing else
    expect(after).toEqual({ ...before, entries: before.entries + 2 });
    const [denial] = await tenantQuery(
      t.tenantId,
      `SELECT action FROM auth.audit_log WHERE actor_id = $1 ORDER BY id DESC LIMIT 1`,
      [ga.userId],
    );
    expect(denial).toEqual({ action: 'ACCESS_DENIED' });
    expect(await tenantQuery(t.tenantId, `SELECT 1 FROM auth.groups WHERE name IN ('Second', 'Third')`)).toEqual([]);
  });
});

describe('auth lists sort only by their whitelisted fields', () => {
  let t: StandardTenant;
  let session: Session;
  const api = new AuthClient();
  const lists = [
    [AUTH_API.getGroups, GROUP_SORT],
    [AUTH_API.getCentres, CENTRE_SORT],
    [AUTH_API.getRoles, ROLE_SORT],
    [AUTH_API.findUsers, USER_SORT],
    [AUTH_API.getDepartments, DEPARTMENT_SORT],
    [AUTH_API.getDoctors, DOCTOR_SORT],
    [AUTH_API.findReferrals, REFERRAL_SORT],
  ] as const;

  beforeAll(async () => {
    t = await standardTenant('sort');
    session = await api.login(t.login('admin'), TEST_PASSWORD);
  });

  it('answers every whitelisted field in both directions, in order, with a stable page', async () => {
    for (const [endpoint, sortable] of lists) {
      for (const sortBy of Object.keys(sortable)) {
        for (const sortDir of ['asc', 'desc'] as const) {
          const reply = await api.call<{ items: unknown[]; total: number }>(
            endpoint,
            { page: 1, pageSize: 50, sortBy, sortDir },
            { session },
          );
          expect({ path: endpoint.path, sortBy, sortDir, status: reply.status }).toEqual({
            path: endpoint.path,
            sortBy,
            sortDir,
            status: 200,
          });
        }
      }
    }
    const names = async (sortDir: 'asc' | 'desc') =>
      (
        await api.call<{ items: { name: string }[] }>(
          AUTH_API.getCentres,
          { page: 1, pageSize: 50, sortBy: 'name', sortDir },
          { session },
        )
      ).body.data.items.map((c) => c.name);
    const ascending = await names('asc');
    expect(ascending.length).toBeGreaterThan(1);
    expect(await names('desc')).toEqual([...ascending].reverse());
  });

  it('never lets an unknown sort field reach SQL (no 500)', async () => {
    const reply = await api.call<{ items: unknown[] }>(
      AUTH_API.getGroups,
      { page: 1, pageSize: 10, sortBy: 'name; DROP TABLE auth.groups', sortDir: 'asc' },
      { session },
    );
    expect([200, 400]).toContain(reply.status); // 400 once the list contracts declare their sort fields
  });
});
