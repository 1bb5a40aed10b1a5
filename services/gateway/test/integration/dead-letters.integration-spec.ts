import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  DEAD_LETTER_AUDIT_ACTIONS,
  DEAD_LETTER_MESSAGES,
  DEAD_LETTERS_API,
  GATEWAY_PORT,
  SERVICE_NAMES,
  UserUpdatedV1,
  type DeadLetter,
  type ServiceName,
} from '@rayworks/contracts';
import {
  consumerLag,
  eventually,
  everyRoleTenant,
  marketplaceRadiologist,
  platformOperator,
  TEST_PASSWORD,
  tenantQuery,
  testKafka,
  uniqueSuffix,
  withOwnerClient,
  type EveryRoleTenant,
  type TestPlatformOperator,
} from '@rayworks/testing';

/**
 * Dead letters against the running system, in every service.
 * - Issue 8, finding 1 (docs/decisions/0076): a company's admin reads its own company's dead letters only.
 * - Issue 20, item 9 (docs/decisions/0200, 0201): a dead letter of no company was visible to no one; the platform
 *   operator now reads, replays and discards those (and only those); a company's admin cannot reach another
 *   company's or those of no company (404); replay hands the record to the service's own consumer group, discard
 *   records a reason, both audited. A fresh start leaves no dead letter for the platform's users (the demo seed's
 *   marketplace radiologist was one in cases): cases keeps them in its directory, reporting passes them over.
 * - Issue 20, item 14: `?limit=2.00001` answered 500 in all six services; it is a 400 naming the field.
 */
const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
const client = new ApiClient({ baseUrl: base });

const signIn = async (loginName: string): Promise<Credentials> =>
  credentialsOf(await client.call(AUTH_API.login, {}, { headers: loginHeaders(loginName, TEST_PASSWORD) }));

const list = (service: ServiceName, session: Credentials, state: 'open' | 'all' = 'all') =>
  client.reply(DEAD_LETTERS_API[service].listDeadLetters, { limit: 500, state }, { session });
const listed = async (service: ServiceName, session: Credentials): Promise<DeadLetter[]> => {
  const res = await list(service, session);
  expect({ service, status: res.status }).toEqual({ service, status: 200 });
  return res.body.data as DeadLetter[];
};
const replay = (service: ServiceName, session: Credentials, id: string) =>
  client.reply(DEAD_LETTERS_API[service].replayDeadLetter, { id }, { session });
const discard = (service: ServiceName, session: Credentials, id: string, reason = 'it: never to be replayed') =>
  client.reply(DEAD_LETTERS_API[service].discardDeadLetter, { id, reason }, { session });

/**
 * A dead letter in one service's table, as the consumer records it (its envelope's tenant; null: no company).
 * `value` defaults to an envelope of a type no consumer handles.
 */
async function recordDeadLetter(
  service: ServiceName,
  tenantId: string | null,
  marker: string,
  options: { group?: string; topic?: string; value?: string } = {},
): Promise<string> {
  const value =
    options.value ?? JSON.stringify({ id: marker, type: 'Broken', version: 1, tenantId, payload: { marker } });
  // as the consumer records it (INSERT is open), read back in the 'system' context that sees every dead letter
  const row = await withOwnerClient(async (c) => {
    await c.query('BEGIN');
    await c.query(`SELECT set_config('app.tenant_id', '', true), set_config('app.principal_level', 'system', true)`);
    const result = await c.query<{ id: string }>(
      `INSERT INTO ${service}.dead_letters (consumer_group, topic, partition, "offset", message_key, value, error, attempts, tenant_id)
       VALUES ($1, $2, 0, '0', $3, $4, 'it: never succeeds', 1, $5) RETURNING id::text AS id`,
      [options.group ?? `${service}.it`, options.topic ?? 'it.dead-letters.v1', marker, value, tenantId],
    );
    await c.query('COMMIT');
    return result.rows[0];
  });
  return row!.id;
}

/** A UserUpdated envelope as auth publishes it (tenant null: a user of the platform). */
function userUpdated(tenantId: string | null, userId: string, fullName: string): string {
  return JSON.stringify({
    id: randomUUID(),
    type: UserUpdatedV1.type,
    version: UserUpdatedV1.version,
    occurredAt: new Date().toISOString(),
    tenantId,
    actor: { type: 'system', id: 'it' },
    correlationId: `it-replay-${userId}`,
    causationId: null,
    payload: UserUpdatedV1.schema.parse({
      userId,
      loginName: `replayed.${userId.slice(0, 8)}`,
      fullName,
      email: `replayed.${userId.slice(0, 8)}@test.rayworks.local`,
      roleCodes: ['RADIOLOGIST'],
      groupId: null,
      centreIds: [],
      isActive: true,
    }),
  });
}

const auditOf = (service: ServiceName, tenantId: string | null, id: string) =>
  tenantQuery<{ action: string; actor_login: string | null; details: Record<string, unknown> }>(
    tenantId,
    `SELECT action, actor_login, details FROM ${service}.audit_log WHERE target_type = 'dead-letter' AND target_id = $1`,
    [id],
  );

describe('dead letters', () => {
  let first: EveryRoleTenant;
  let second: EveryRoleTenant;
  let operator: TestPlatformOperator;
  let firstAdmin: Credentials;
  let secondAdmin: Credentials;
  let platform: Credentials;
  const marker = `dl-${uniqueSuffix()}`;
  const platformMarker = `dl-platform-${uniqueSuffix()}`;
  const ids: Record<string, Partial<Record<ServiceName, string>>> = { first: {}, platform: {} };

  beforeAll(async () => {
    [first, second, operator] = await Promise.all([
      everyRoleTenant('dlone'),
      everyRoleTenant('dltwo'),
      platformOperator('dlops'),
    ]);
    for (const service of SERVICE_NAMES) {
      ids.first![service] = await recordDeadLetter(service, first.tenantId, marker);
      ids.platform![service] = await recordDeadLetter(service, null, platformMarker);
    }
    [firstAdmin, secondAdmin, platform] = await Promise.all([
      signIn(first.login('admin')),
      signIn(second.login('admin')),
      signIn(operator.loginName),
    ]);
  }, 120_000);

  it("gives a second company's admin nothing of the first company's dead letters, in every service", async () => {
    for (const service of SERVICE_NAMES) {
      const rows = await listed(service, secondAdmin);
      expect({ service, leaked: JSON.stringify(rows).includes(marker) }).toEqual({ service, leaked: false });
      expect({ service, rows }).toEqual({ service, rows: [] });
    }
  });

  it("gives the first company's admin its own dead letters, and none of no company", async () => {
    for (const service of SERVICE_NAMES) {
      const rows = await listed(service, firstAdmin);
      expect({ service, keys: rows.map((r) => r.messageKey) }).toEqual({ service, keys: [marker] });
      expect(rows[0]).toMatchObject({ tenantId: first.tenantId, state: 'open', resolvedAt: null });
    }
  });

  it('gives the platform operator the dead letters of no company, and no company’s, in every service', async () => {
    for (const service of SERVICE_NAMES) {
      const keys = (await listed(service, platform)).map((r) => r.messageKey);
      expect({ service, platform: keys.includes(platformMarker), company: keys.includes(marker) }).toEqual({
        service,
        platform: true,
        company: false,
      });
    }
  });

  it('refuses the company users who are not its admins, and marketplace radiologists (403)', async () => {
    const desk = await signIn(first.login('reception'));
    expect((await list('auth', desk)).status).toBe(403);
    expect((await discard('cases', desk, ids.first!.cases!)).status).toBe(403);
    const mp = await marketplaceRadiologist('dlmp');
    const mpSession = credentialsOf(
      await client.call(AUTH_API.login, {}, { headers: loginHeaders(mp.loginName, mp.password) }),
    );
    expect((await list('cases', mpSession)).status).toBe(403);
    expect((await replay('cases', mpSession, ids.platform!.cases!)).status).toBe(403);
  });

  it('answers a bad limit or state with a 400 naming the field, in every service (not a 500)', async () => {
    for (const service of SERVICE_NAMES) {
      for (const query of ['limit=2.00001', 'limit=0', 'limit=501', 'limit=abc', 'state=gone']) {
        const res = await client.raw(service, 'GET', `/ops/dead-letters?${query}`, undefined, { session: firstAdmin });
        const field = query.split('=')[0]!;
        expect({ service, query, status: res.status }).toEqual({ service, query, status: 400 });
        expect((res.body as { message: string }).message).toMatch(new RegExp(`^${field}: `));
      }
      const bad = await client.raw(service, 'POST', '/ops/dead-letters/replay', { id: '1.5' }, { session: platform });
      expect({ service, status: bad.status }).toEqual({ service, status: 400 });
    }
  });

  it("keeps another company's and the platform's dead letters out of a company admin's reach (404), changing nothing", async () => {
    for (const service of SERVICE_NAMES) {
      const tries = [
        await replay(service, secondAdmin, ids.first![service]!),
        await discard(service, secondAdmin, ids.first![service]!),
        await replay(service, firstAdmin, ids.platform![service]!),
        await discard(service, firstAdmin, ids.platform![service]!),
        await discard(service, platform, ids.first![service]!),
      ];
      expect({ service, statuses: tries.map((r) => r.status) }).toEqual({
        service,
        statuses: [404, 404, 404, 404, 404],
      });
      expect(tries[0]!.body.message).toBe(DEAD_LETTER_MESSAGES.notFound);
    }
    const stillOpen = await listed('cases', firstAdmin);
    expect(stillOpen.find((r) => r.messageKey === marker)?.state).toBe('open');
  });

  it('lets the platform operator discard a dead letter of no company once, with its reason, audited', async () => {
    for (const service of SERVICE_NAMES) {
      const id = ids.platform![service]!;
      const res = await discard(service, platform, id, 'it: a test message');
      expect({ service, status: res.status }).toEqual({ service, status: 200 });
      expect(res.body.data).toMatchObject({
        id,
        state: 'discarded',
        note: 'it: a test message',
        resolvedBy: operator.userId,
      });
      expect((await discard(service, platform, id)).status).toBe(409);
      expect((await replay(service, platform, id)).body.message).toBe(DEAD_LETTER_MESSAGES.alreadyResolved);
      expect(await auditOf(service, null, id)).toEqual([
        expect.objectContaining({ action: DEAD_LETTER_AUDIT_ACTIONS.discarded, actor_login: operator.loginName }),
      ]);
      // no longer open: the default list leaves it out
      const open = (await list(service, platform, 'open')).body.data as DeadLetter[];
      expect(open.some((r) => r.id === id)).toBe(false);
    }
  });

  it("lets a company's admin discard its own company's dead letter, audited in the company", async () => {
    const id = ids.first!.billing!;
    const res = await discard('billing', firstAdmin, id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'discarded', tenantId: first.tenantId });
    expect(await auditOf('billing', first.tenantId, id)).toHaveLength(1);
  });

  it("replays a platform user's event through cases' own consumer: handled, marked replayed, audited", async () => {
    const userId = randomUUID();
    const fullName = `Replayed Radiologist ${uniqueSuffix()}`;
    const id = await recordDeadLetter('cases', null, userId, {
      group: 'cases.worklist',
      topic: UserUpdatedV1.topic,
      value: userUpdated(null, userId, fullName),
    });
    const res = await replay('cases', platform, id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(DEAD_LETTER_MESSAGES.replayed);
    expect(res.body.data).toMatchObject({ id, state: 'replayed', resolvedBy: operator.userId });
    // the consumer's handler ran: the user is in cases' directory, read by any company
    expect(
      await tenantQuery<{ full_name: string }>(first.tenantId, `SELECT full_name FROM cases.users WHERE id = $1`, [
        userId,
      ]),
    ).toEqual([{ full_name: fullName }]);
    expect(await auditOf('cases', null, id)).toEqual([
      expect.objectContaining({ action: DEAD_LETTER_AUDIT_ACTIONS.replayed }),
    ]);
    expect((await replay('cases', platform, id)).status).toBe(409);
  });

  it("replays a company's event for its admin; a record that fails again is a 409 with the reason and stays open", async () => {
    const broken = await recordDeadLetter('cases', first.tenantId, `dl-json-${uniqueSuffix()}`, {
      group: 'cases.worklist',
      topic: UserUpdatedV1.topic,
      value: '{not json',
    });
    const again = await replay('cases', firstAdmin, broken);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${DEAD_LETTER_MESSAGES.failedAgain} value is not valid JSON`);
    expect((await listed('cases', firstAdmin)).find((r) => r.id === broken)?.state).toBe('open');

    const elsewhere = await replay('cases', firstAdmin, ids.first!.cases!);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(DEAD_LETTER_MESSAGES.otherConsumer);

    const userId = randomUUID();
    const good = await recordDeadLetter('cases', first.tenantId, userId, {
      group: 'cases.worklist',
      topic: UserUpdatedV1.topic,
      value: userUpdated(first.tenantId, userId, 'Company Radiologist'),
    });
    const replayed = await replay('cases', firstAdmin, good);
    expect(replayed.status).toBe(200);
    expect(
      await tenantQuery(first.tenantId, `SELECT full_name FROM cases.users WHERE id = $1 AND tenant_id = $2`, [
        userId,
        first.tenantId,
      ]),
    ).toEqual([{ full_name: 'Company Radiologist' }]);
  });

  it("leaves no dead letter for the platform's users: the demo seed's and a new marketplace radiologist's", async () => {
    const mp = await marketplaceRadiologist('dlseed');
    const kafka = testKafka();
    // cases keeps the platform user in its directory (docs/decisions/0201)
    await eventually(
      () =>
        tenantQuery<{ full_name: string }>(second.tenantId, `SELECT full_name FROM cases.users WHERE id = $1`, [
          mp.userId,
        ]),
      (rows) => rows.length === 1,
      { what: "the marketplace radiologist in cases' directory", timeoutMs: 30_000 },
    );
    // both readers of auth.user.v1 have read past it
    for (const group of ['cases.worklist', 'reporting.reports'])
      await eventually(
        () => consumerLag(kafka, group, UserUpdatedV1.topic),
        (lag) => lag === 0,
        { what: `${group} caught up on ${UserUpdatedV1.topic}`, timeoutMs: 30_000 },
      );
    const platformUsers = (
      await tenantQuery<{ id: string }>(null, `SELECT id::text AS id FROM auth.users WHERE tenant_id IS NULL`)
    ).map((u) => u.id);
    expect(platformUsers).toContain(mp.userId);
    // the platform operator reads every dead letter of no company: none is of a platform user's event
    for (const service of SERVICE_NAMES) {
      const keys = (await listed(service, platform)).map((r) => r.messageKey);
      expect({ service, ofPlatformUsers: keys.filter((k) => k !== null && platformUsers.includes(k)) }).toEqual({
        service,
        ofPlatformUsers: [],
      });
    }
  });
});
