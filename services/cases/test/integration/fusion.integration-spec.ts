import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import { CASE_MESSAGES, CASES_API, FUSION_MESSAGES, ROLE_CODES, type Case } from '@rayworks/contracts';
import { provisionTenant, tenantQuery, TEST_PASSWORD, withOwnerClient } from '@rayworks/testing';
import {
  actionsTenant,
  api,
  arrive,
  caseOf,
  eventsOf,
  signIn,
  StudyEvents,
  usersKnown,
  type ActionsTenant,
} from './actions-support.js';

/** A platform contract row (the platform context writes it; both companies read it): group → fusion centre. */
async function platformContract(sender: ActionsTenant, fusion: ActionsTenant): Promise<string> {
  return withOwnerClient(async (client) => {
    await client.query('BEGIN');
    await client.query(
      `SELECT set_config('app.tenant_id', '', true), set_config('app.principal_level', 'platform', true)`,
    );
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO cases.fusion_contracts (sender_tenant_id, sender_group_id, fusion_tenant_id, fusion_centre_id, fusion_centre_name)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [sender.tenantId, sender.groups.g!, fusion.tenantId, fusion.centres.hub!, fusion.centreName('hub')],
    );
    await client.query('COMMIT');
    return rows[0]!.id;
  });
}

/**
 * Fusion across two companies against the running system: a group sends a case to a fusion centre of another
 * company only with a contract (409 without); the fusion company's users see it (row-level security's fusion policy,
 * fccases) and move it by the fusion machine (assign, accept, complete: the sender's case COMPLETED); the sender
 * recalls another, which the fusion side then no longer sees.
 */
describe('fusion across companies', () => {
  let a: ActionsTenant;
  let b: ActionsTenant;
  const events = new StudyEvents();
  let senderAdmin: Credentials;
  let fusionAdmin: Credentials;
  let hubRadiologist: Credentials;
  let otherOfB: Credentials;
  /** The fusion centre's own user (FUSION_CENTER of the hub). */
  let hubUser: Credentials;
  let HUB_R: string;

  const send = (c: Pick<Case, '_id' | 'version'>, fusionCentreId: string) =>
    api.reply(CASES_API.fusionSend, { _id: c._id, version: c.version, fusionCentreId }, { session: senderAdmin });
  const act = (session: Credentials, c: Pick<Case, '_id' | 'version'>, body: object) =>
    api.reply(CASES_API.fusionWorklistUpdate, { _id: c._id, version: c.version, ...body } as never, { session });
  const fcIds = async (session: Credentials) =>
    (await api.call(CASES_API.fusionCases, { pageSize: 100 } as never, { session })).cases.map((c: Case) => c._id);

  beforeAll(async () => {
    [a, b] = await Promise.all([actionsTenant('fsa'), actionsTenant('fsb')]);
    // a radiologist of b's fusion centre (hub)
    const loginName = `${b.name}.hubrad`;
    const spec = {
      ...b.spec,
      users: [
        ...(b.spec.users ?? []),
        {
          loginName,
          firstName: 'hub radiologist',
          lastName: b.name,
          email: `${loginName}@test.rayworks.local`,
          role: ROLE_CODES.CENTER_RADIOLOGIST,
          centres: ['hub'],
          password: TEST_PASSWORD,
          resetPassword: false,
        },
      ],
    };
    const provisioned = await provisionTenant(spec);
    HUB_R = provisioned.users[loginName]!;
    await usersKnown(b, [HUB_R]);
    await events.start();
    [senderAdmin, fusionAdmin, hubRadiologist, otherOfB, hubUser] = await Promise.all([
      signIn(a, 'admin'),
      signIn(b, 'fusion.admin'),
      signIn(b, 'hubrad'),
      signIn(b, 'gca'),
      signIn(b, 'fusion.centre'),
    ]);
  }, 120_000);

  afterAll(async () => {
    await events.stop();
  });

  it('refuses to send without a contract (409); the other company sees nothing', async () => {
    const c = await caseOf(senderAdmin, await arrive(events, a, 'c1'));
    const refused = await send(c, b.centres.hub!);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(FUSION_MESSAGES.noContract);
    expect((await caseOf(senderAdmin, c._id)).fusionStatus).toBeNull();
    expect(await fcIds(fusionAdmin)).not.toContain(c._id);
    expect((await api.reply(CASES_API.findOneCase, { _id: c._id }, { session: fusionAdmin })).status).toBe(404);
  });

  it('with a contract: send, the fusion side assigns, its radiologist accepts and completes', async () => {
    const contractId = await platformContract(a, b);
    const contracts = await api.call(CASES_API.fusionContracts, {}, { session: fusionAdmin });
    expect(contracts.contracts.map((x) => x._id)).toContain(contractId);

    const c = await caseOf(senderAdmin, await arrive(events, a, 'c1'));
    const sent = await send(c, b.centres.hub!);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(FUSION_MESSAGES.sent);
    const s = sent.body.data as Case;
    expect(s.fusionStatus).toBe('NEW');
    expect(s.fusionCentreId).toBe(b.centres.hub);

    // the fusion company sees it (fccases, and by id); its users without fusion reach do not
    expect(await fcIds(fusionAdmin)).toContain(c._id);
    expect((await api.reply(CASES_API.findOneCase, { _id: c._id }, { session: fusionAdmin })).status).toBe(200);
    expect(await fcIds(otherOfB)).not.toContain(c._id);
    // the hub's user finds it in its worklist too, and the worklist's counts count what it lists (from its rows:
    // the maintained counts have no fusion dimension)
    const hubList = await api.call(CASES_API.getCases, { pageSize: 100 }, { session: hubUser });
    expect(hubList.items.map((x: Case) => x._id)).toContain(c._id);
    expect(hubList.total).toBe(hubList.items.length);
    const hubStats = await api.call(CASES_API.getWorklistStatistics, { breakdown: true }, { session: hubUser });
    expect(hubStats.counts.ALL).toBe(hubList.items.length);
    expect(hubStats.counts.NEW).toBe(hubList.items.filter((x: Case) => x.status === 'NEW').length);
    expect(hubStats.byCentre?.reduce((n, row) => n + row.total, 0)).toBe(hubList.items.length);
    // the hub radiologist sees it once assigned, not before
    expect(await fcIds(hubRadiologist)).not.toContain(c._id);

    const assigned = await act(fusionAdmin, s, { action: 'ASSIGN', radiologistId: HUB_R });
    expect(assigned.status).toBe(200);
    const as = assigned.body.data as Case;
    expect(as.fusionStatus).toBe('PENDING_FOR_ACCEPTANCE');
    expect(await fcIds(hubRadiologist)).toContain(c._id);

    // the fusion admin may not accept for the radiologist (403: its roles never accept)
    expect((await act(fusionAdmin, as, { action: 'ACCEPT' })).status).toBe(403);
    const accepted = await act(hubRadiologist, as, { action: 'ACCEPT' });
    expect(accepted.status).toBe(200);
    const ac = accepted.body.data as Case;
    expect(ac.fusionStatus).toBe('ACCEPTED');
    const completed = await act(hubRadiologist, ac, { action: 'COMPLETE' });
    expect(completed.status).toBe(200);
    expect(completed.body.message).toBe(CASE_MESSAGES.completed);
    expect((completed.body.data as Case).fusionStatus).toBe('COMPLETED');

    const home = await caseOf(senderAdmin, c._id);
    expect(home.status).toBe('COMPLETED');
    expect(home.fusionStatus).toBe('COMPLETED');
    const types = await eventsOf(a, c._id);
    expect(types).toEqual(
      expect.arrayContaining(['CaseSentToFusion', 'CaseFusionChanged', 'CaseCompleted', 'FusionCaseChanged']),
    );
    expect(types.filter((x) => x === 'FusionCaseChanged')).toHaveLength(4);
    // the writes ran in the sender's company: every event is the sender's, named with the fusion side's actors
    const envelopes = await tenantQuery<{ tenant: string; topic: string; actor: string }>(
      a.tenantId,
      `SELECT envelope->>'tenantId' AS tenant, topic, envelope->'actor'->>'id' AS actor FROM cases.outbox
       WHERE message_key = $1`,
      [c._id],
    );
    expect(new Set(envelopes.map((e) => e.tenant))).toEqual(new Set([a.tenantId]));
    expect(envelopes.filter((e) => e.topic === 'cases.fusion.v1')).toHaveLength(4);
    expect(envelopes.map((e) => e.actor)).toContain(HUB_R);
  });

  it('the sender recalls a sent case: the fusion side no longer sees it', async () => {
    const c = await caseOf(senderAdmin, await arrive(events, a, 'c1'));
    const s = (await send(c, b.centres.hub!)).body.data as Case;
    expect(await fcIds(fusionAdmin)).toContain(c._id);
    // the fusion side may not recall (403: its roles never do)
    expect((await act(fusionAdmin, s, { action: 'RECALL_FROM_FUSION' })).status).toBe(403);
    const recalled = await act(senderAdmin, s, { action: 'RECALL_FROM_FUSION' });
    expect(recalled.status).toBe(200);
    expect(recalled.body.message).toBe(FUSION_MESSAGES.recalled);
    const r = recalled.body.data as Case;
    expect(r.fusionStatus).toBe('RECALLED');
    expect(r.status).toBe('NEW');
    expect(await fcIds(fusionAdmin)).not.toContain(c._id);
    expect((await api.reply(CASES_API.findOneCase, { _id: c._id }, { session: fusionAdmin })).status).toBe(404);
  });
});
