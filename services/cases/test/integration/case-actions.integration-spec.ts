import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type { Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  CASE_MESSAGES,
  CASES_API,
  REALTIME_PATH,
  type Case,
  type CaseChangedMessage,
} from '@rayworks/contracts';
import { eventually, tenantQuery } from '@rayworks/testing';
import {
  actionsTenant,
  api,
  arrive,
  base,
  caseOf,
  eventsOf,
  signIn,
  StudyEvents,
  usersKnown,
  type ActionsTenant,
} from './actions-support.js';

/**
 * The worklist's actions against the running system (gateway, cases API and its consumer, PostgreSQL, Kafka, Redis),
 * in a company of its own: assignment and its race, acceptance, rejection, recall and its answers, reassignment,
 * typists, completion and rollback, split, flags, one event per transition, the live push, and auto-assignment.
 */
describe('case actions', () => {
  let t: ActionsTenant;
  const events = new StudyEvents();
  let admin: Credentials;
  let gca: Credentials;
  let radiologist: Credentials;
  let radiologist2: Credentials;
  let typist: Credentials;
  let R: string;
  let R2: string;
  let T: string;

  const update = (session: Credentials, c: Pick<Case, '_id' | 'version'>, body: object) =>
    api.reply(CASES_API.worklistUpdate, { _id: c._id, version: c.version, ...body } as never, { session });
  const assign = (session: Credentials, cases: Pick<Case, '_id' | 'version'>[], to: object) =>
    api.reply(
      CASES_API.assignCases,
      { cases: cases.map((c) => ({ _id: c._id, version: c.version })), ...to } as never,
      {
        session,
      },
    );
  const fresh = async (centre: 'c1' | 'c2' = 'c1') => caseOf(admin, await arrive(events, t, centre));

  beforeAll(async () => {
    t = await actionsTenant('act');
    await events.start();
    R = t.users[t.login('radiologist')]!;
    R2 = t.radiologist2;
    T = t.users[t.login('typist')]!;
    await usersKnown(t, [R, R2, T, t.users[t.login('jr.radiologist')]!]);
    [admin, gca, radiologist, radiologist2, typist] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'gca'),
      signIn(t, 'radiologist'),
      signIn(t, 'radiologist2'),
      signIn(t, 'typist'),
    ]);
  }, 90_000);

  afterAll(async () => {
    await events.stop();
  });

  it("lists a centre's radiologists and typists to assign to; a centre out of reach is 404", async () => {
    const radiologists = await api.reply(
      CASES_API.caseAssignees,
      { centreId: t.centres.c1!, as: 'radiologist' },
      {
        session: admin,
      },
    );
    expect(radiologists.status).toBe(200);
    const listed = (radiologists.body.data as { assignees: { id: string; openWork: number }[] }).assignees;
    expect(listed.map((a) => a.id)).toEqual(expect.arrayContaining([R, R2]));
    expect(listed.map((a) => a.id)).not.toContain(T);
    const typists = await api.reply(
      CASES_API.caseAssignees,
      { centreId: t.centres.c1!, as: 'typist' },
      {
        session: admin,
      },
    );
    expect((typists.body.data as { assignees: { id: string }[] }).assignees.map((a) => a.id)).toContain(T);
    const elsewhere = await api.reply(
      CASES_API.caseAssignees,
      { centreId: '00000000-0000-4000-8000-000000000001', as: 'radiologist' },
      { session: admin },
    );
    expect(elsewhere.status).toBe(404);
    // a receptionist neither assigns nor reports
    const reception = await signIn(t, 'reception');
    const refused = await api.reply(
      CASES_API.caseAssignees,
      { centreId: t.centres.c1!, as: 'typist' },
      { session: reception },
    );
    expect(refused.status).toBe(403);
  });

  it('assigns a case: IN PROGRESS with its radiologist, the spec message, one CaseAssigned', async () => {
    const c = await fresh();
    const reply = await assign(gca, [c], { radiologistId: R });
    expect([reply.status, reply.body.message]).toEqual([200, CASE_MESSAGES.assigned]);
    const [result] = (reply.body.data as { results: { status: string; case: Case }[] }).results;
    expect(result).toMatchObject({ status: 'success', case: { status: 'IN PROGRESS', radiologistId: R } });
    expect(result!.case.version).toBe(c.version + 1);
    expect(await eventsOf(t, c._id)).toEqual(['CaseCreated', 'CaseAssigned']);
  });

  it('two admins assigning one case at once: one 200, one 409 with the conflict message, one event', async () => {
    const c = await fresh();
    const replies = await Promise.all([
      assign(admin, [c], { radiologistId: R }),
      assign(gca, [c], { radiologistId: R2 }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.message).toBe(CASE_MESSAGES.conflict);
    expect(await eventsOf(t, c._id)).toEqual(['CaseCreated', 'CaseAssigned']);
    const after = await caseOf(admin, c._id);
    expect(after.version).toBe(c.version + 1);
  });

  it('assigns many cases each on its own: the answer lists each; nothing assignable is the spec message', async () => {
    const [a, b] = await Promise.all([fresh(), fresh()]);
    const stale = { ...b, version: b.version + 5 };
    const reply = await assign(admin, [a, stale], { radiologistId: R });
    expect(reply.status).toBe(200);
    const results = (reply.body.data as { results: { _id: string; status: string; code: number; message: string }[] })
      .results;
    expect(results.map((r) => [r._id, r.status, r.code])).toEqual([
      [a._id, 'success', 200],
      [b._id, 'error', 409],
    ]);
    expect(results[1]!.message).toBe(CASE_MESSAGES.conflict);
    // every case refused by the lifecycle (a's now IN PROGRESS, so ASSIGN/REASSIGN are not allowed)
    const again = await assign(admin, [await caseOf(admin, a._id)], { radiologistId: R2 });
    expect([again.status, again.body.message]).toEqual([409, CASE_MESSAGES.noPatientsToAssign]);
  });

  it('refuses a radiologist who is not an active radiologist of the case centre', async () => {
    const c = await fresh('c2');
    const reply = await assign(admin, [c], { radiologistId: R2 });
    expect([reply.status, reply.body.message]).toEqual([409, CASE_MESSAGES.notARadiologistOfCentre]);
    expect((await caseOf(admin, c._id)).status).toBe('NEW');
  });

  it('accept needs the centre setting; reject needs a reason and goes to REJECTED, then reassign', async () => {
    await api.call(
      CASES_API.updateCentreSettings,
      { centreId: t.centres.c2!, requiresAcceptance: true },
      { session: admin },
    );
    const c = await fresh('c2');
    const assigned = (await assign(admin, [c], { radiologistId: R })).body.data as { results: { case: Case }[] };
    const pending = assigned.results[0]!.case;
    expect(pending.status).toBe('PENDING FOR ACCEPTANCE');
    const noReason = await update(radiologist, pending, { action: 'REJECT' });
    expect([noReason.status, noReason.body.message]).toEqual([400, CASE_MESSAGES.reasonRequired]);
    const rejected = await update(radiologist, pending, { action: 'REJECT', reason: 'Not my speciality' });
    expect([rejected.status, rejected.body.message]).toEqual([200, CASE_MESSAGES.rejected]);
    expect(rejected.body.data).toMatchObject({
      status: 'REJECTED',
      radiologistId: null,
      rejectReason: 'Not my speciality',
    });
    const reassigned = await update(admin, rejected.body.data as Case, { action: 'REASSIGN', radiologistId: R });
    expect([reassigned.status, reassigned.body.message]).toEqual([200, CASE_MESSAGES.assigned]);
    const accepted = await update(radiologist, reassigned.body.data as Case, { action: 'ACCEPT' });
    expect([accepted.status, accepted.body.message]).toEqual([200, CASE_MESSAGES.accepted]);
    expect((accepted.body.data as Case).status).toBe('IN PROGRESS');
    expect(await eventsOf(t, c._id)).toEqual([
      'CaseCreated',
      'CaseAssigned',
      'CaseRejected',
      'CaseAssigned',
      'CaseAccepted',
    ]);
    await api.call(
      CASES_API.updateCentreSettings,
      { centreId: t.centres.c2!, requiresAcceptance: false },
      { session: admin },
    );
  });

  it('recall accepted by the radiologist: RECALLED, then reassigned; recall rejected: stays with them', async () => {
    const c = await fresh();
    let cur = ((await assign(admin, [c], { radiologistId: R })).body.data as { results: { case: Case }[] }).results[0]!
      .case;
    const recall = await update(admin, cur, { action: 'RECALL' });
    expect([recall.status, recall.body.message]).toEqual([200, CASE_MESSAGES.recallRequested]);
    cur = recall.body.data as Case;
    expect(cur).toMatchObject({ status: 'IN PROGRESS', recallRequested: true });
    const notAnyone = await update(radiologist2, cur, { action: 'ACCEPT_RECALL' });
    expect(notAnyone.status).toBe(404);
    const accepted = await update(radiologist, cur, { action: 'ACCEPT_RECALL' });
    expect(accepted.status).toBe(200);
    cur = accepted.body.data as Case;
    expect(cur).toMatchObject({ status: 'RECALLED', radiologistId: null, recallRequested: false });
    const reassigned = await assign(admin, [cur], { radiologistId: R2 });
    expect(reassigned.status).toBe(200);
    expect(await caseOf(admin, c._id)).toMatchObject({ status: 'IN PROGRESS', radiologistId: R2 });

    const d = await fresh();
    cur = ((await assign(admin, [d], { radiologistId: R })).body.data as { results: { case: Case }[] }).results[0]!
      .case;
    cur = (await update(admin, cur, { action: 'RECALL' })).body.data as Case;
    const rejected = await update(radiologist, cur, { action: 'REJECT_RECALL' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'IN PROGRESS', radiologistId: R, recallRequested: false });
    expect(await eventsOf(t, d._id)).toEqual([
      'CaseCreated',
      'CaseAssigned',
      'CaseRecallRequested',
      'CaseRecallRejected',
    ]);
  });

  it('to a typist: a manual centre must choose; the chosen typist has it; sending again: a Transcriptionist works on it', async () => {
    const c = await fresh();
    let cur = ((await assign(admin, [c], { radiologistId: R })).body.data as { results: { case: Case }[] }).results[0]!
      .case;
    const unchosen = await update(radiologist, cur, { action: 'SEND_TO_TYPIST' });
    expect([unchosen.status, unchosen.body.message]).toEqual([409, CASE_MESSAGES.chooseTypist]);
    const sent = await update(radiologist, cur, { action: 'SEND_TO_TYPIST', typistId: T });
    expect([sent.status, sent.body.message]).toEqual([200, CASE_MESSAGES.sentToTypist]);
    cur = sent.body.data as Case;
    expect(cur).toMatchObject({ status: 'PENDING AT TYPIST', typistId: T, worklistStatus: 'TYPIST' });
    const again = await assign(admin, [cur], { typistId: T });
    expect([again.status, again.body.message]).toEqual([409, CASE_MESSAGES.transcriptionistWorking]);
    // the typist sees the case and hands it on for review
    const reviewed = await update(typist, cur, { action: 'SUBMIT_FOR_REVIEW' });
    expect(reviewed.status).toBe(200);
    expect((reviewed.body.data as Case).status).toBe('PENDING FOR REVIEW');
  });

  it('to a typist automatically: the online typist of the centre with the least open work', async () => {
    await api.call(
      CASES_API.updateCentreSettings,
      { centreId: t.centres.c1!, typistAssignment: 'AUTOMATIC' },
      { session: admin },
    );
    try {
      await api.call(AUTH_API.online, {}, { session: typist, params: { userId: T } });
      await eventually(
        () =>
          tenantQuery<{ is_available: boolean }>(t.tenantId, `SELECT is_available FROM cases.users WHERE id = $1`, [T]),
        (rows) => rows[0]?.is_available === true,
        { what: 'the typist online in the read model' },
      );
      const c = await fresh();
      const cur = ((await assign(admin, [c], { radiologistId: R })).body.data as { results: { case: Case }[] })
        .results[0]!.case;
      const sent = await update(radiologist, cur, { action: 'SEND_TO_TYPIST' });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toMatchObject({ status: 'PENDING AT TYPIST', typistId: T });
    } finally {
      await api.call(AUTH_API.offline, {}, { session: typist, params: { userId: T } });
      await api.call(
        CASES_API.updateCentreSettings,
        { centreId: t.centres.c1!, typistAssignment: 'MANUAL' },
        { session: admin },
      );
    }
  });

  it('completes, and rolls a completed case back to IN PROGRESS with the spec messages', async () => {
    const c = await fresh();
    const cur = ((await assign(admin, [c], { radiologistId: R })).body.data as { results: { case: Case }[] })
      .results[0]!.case;
    const done = await update(radiologist, cur, { action: 'COMPLETE' });
    expect([done.status, done.body.message]).toEqual([200, CASE_MESSAGES.completed]);
    expect(done.body.data).toMatchObject({ status: 'COMPLETED', worklistStatus: 'COMPLETED' });
    expect((done.body.data as Case).completedAt).not.toBeNull();
    const byReader = await update(radiologist, done.body.data as Case, { action: 'ROLLBACK' });
    expect(byReader.status).toBe(403);
    const back = await update(admin, done.body.data as Case, { action: 'ROLLBACK' });
    expect([back.status, back.body.message]).toEqual([200, CASE_MESSAGES.rollbacked]);
    expect(back.body.data).toMatchObject({ status: 'IN PROGRESS', completedAt: null, radiologistId: R });
    expect(await eventsOf(t, c._id)).toEqual(['CaseCreated', 'CaseAssigned', 'CaseCompleted', 'CaseRolledBack']);
  });

  it('splits a NEW case by series: the case keeps the first part, the others are new cases', async () => {
    const c = await fresh();
    const reply = await api.reply(
      CASES_API.splitCase,
      { _id: c._id, version: c.version, parts: [['1.2.3.1'], ['1.2.3.2']] },
      { session: admin },
    );
    expect([reply.status, reply.body.message]).toEqual([200, CASE_MESSAGES.splitted]);
    const { case: kept, children } = reply.body.data as { case: Case; children: Case[] };
    expect(kept).toMatchObject({ _id: c._id, seriesInstanceUids: ['1.2.3.1'], status: 'NEW', parentCaseId: null });
    expect(children).toHaveLength(1);
    expect(children[0]).toMatchObject({
      status: 'NEW',
      parentCaseId: c._id,
      seriesInstanceUids: ['1.2.3.2'],
      patientId: c.patientId,
      studyInstanceUid: c.studyInstanceUid,
    });
    expect(await eventsOf(t, c._id)).toEqual(['CaseCreated', 'CaseSplit']);
    expect(await eventsOf(t, children[0]!._id)).toEqual(['CaseCreated']);
    // a series in two parts is refused, and changes nothing
    const twice = await api.reply(
      CASES_API.splitCase,
      { _id: c._id, version: kept.version, parts: [['1.2.3.1'], ['1.2.3.1']] },
      { session: admin },
    );
    expect([twice.status, twice.body.message]).toEqual([400, CASE_MESSAGES.seriesNotOfCase]);
  });

  it('flags Emergency (priority EMERGENT, due in 30 minutes) and sets a reader legend', async () => {
    const c = await fresh();
    const flagged = await update(admin, c, { action: 'FLAG_EMERGENCY' });
    expect(flagged.status).toBe(200);
    const f = flagged.body.data as Case;
    expect(f).toMatchObject({ priority: 'EMERGENT', legends: ['Emergency'] });
    expect(new Date(f.dueAt!).getTime() - new Date(f.receivedAt ?? f.createdAt).getTime()).toBe(30 * 60_000);
    const byReception = await update(await signIn(t, 'reception'), f, { action: 'FLAG_MLC' });
    expect(byReception.status).toBe(403);
    const legend = await api.reply(
      CASES_API.setCaseLegend,
      { _id: c._id, version: f.version, legend: 'Mark as Research', on: true },
      { session: admin },
    );
    expect([legend.status, legend.body.message]).toEqual([200, CASE_MESSAGES.legendUpdated]);
    expect((legend.body.data as Case).legends).toEqual(['Emergency', 'Mark as Research']);
  });

  it('pushes cases:case-changed to the company room after the change commits', async () => {
    const socket: Socket = io(base, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      auth: { token: admin.token, sessionToken: admin.sessionToken },
    });
    try {
      const got: CaseChangedMessage[] = [];
      socket.on('cases:case-changed', (m) => got.push(m));
      await new Promise<void>((resolve, reject) => {
        socket.on('system:hello', () => resolve());
        socket.on('connect_error', reject);
      });
      const c = await fresh();
      // the arrival itself is heard: a worklist shows the new row live
      const arrival = await eventually(
        async () => got.filter((m) => m.caseId === c._id && m.type === 'CaseCreated'),
        (m) => m.length > 0,
        { what: 'the push of the arrival' },
      );
      expect(arrival[0]).toMatchObject({ status: 'NEW', worklistStatus: 'NEW', version: c.version });
      await assign(admin, [c], { radiologistId: R });
      const pushed = await eventually(
        async () => got.filter((m) => m.caseId === c._id && m.type === 'CaseAssigned'),
        (m) => m.length > 0,
        { what: 'the push of the assignment' },
      );
      expect(pushed[0]).toMatchObject({ status: 'IN PROGRESS', version: c.version + 1, radiologistId: R });
    } finally {
      socket.close();
    }
  });

  it('auto-assigns a NEW case to the online radiologist of the centre with the least open work; nobody online: NEW', async () => {
    await api.call(CASES_API.updateCentreSettings, { centreId: t.centres.c1!, autoAssign: true }, { session: admin });
    try {
      // R carries open work; both go online
      const busy = await fresh();
      await assign(admin, [busy], { radiologistId: R });
      await api.call(AUTH_API.online, {}, { session: radiologist, params: { userId: R } });
      await api.call(AUTH_API.online, {}, { session: radiologist2, params: { userId: R2 } });
      await eventually(
        () =>
          tenantQuery<{ n: number }>(
            t.tenantId,
            `SELECT count(*)::int AS n FROM cases.users WHERE id = ANY($1) AND is_available`,
            [[R, R2]],
          ),
        (rows) => rows[0]!.n === 2,
        { what: 'both radiologists online in the read model' },
      );
      const id = await arrive(events, t, 'c1');
      const auto = await eventually(
        () => caseOf(admin, id),
        (c) => c.status !== 'NEW',
        { what: 'the case auto-assigned' },
      );
      expect(auto).toMatchObject({ status: 'IN PROGRESS', radiologistId: R2 });
      expect(await eventsOf(t, id)).toEqual(['CaseCreated', 'CaseAssigned']);

      await api.call(AUTH_API.offline, {}, { session: radiologist, params: { userId: R } });
      await api.call(AUTH_API.offline, {}, { session: radiologist2, params: { userId: R2 } });
      await eventually(
        () =>
          tenantQuery<{ n: number }>(
            t.tenantId,
            `SELECT count(*)::int AS n FROM cases.users WHERE id = ANY($1) AND is_available`,
            [[R, R2]],
          ),
        (rows) => rows[0]!.n === 0,
        { what: 'both radiologists offline in the read model' },
      );
      const waiting = await arrive(events, t, 'c1');
      // the handler has seen the case once the next case is handled; a later case proves ordering, not time
      await eventually(
        () =>
          tenantQuery(
            t.tenantId,
            `SELECT 1 FROM cases.inbox i JOIN cases.outbox o ON o.event_id = i.event_id WHERE o.message_key = $1`,
            [waiting],
          ),
        (rows) => rows.length > 0,
        { what: 'the auto-assignment handler to have seen the case' },
      );
      expect((await caseOf(admin, waiting)).status).toBe('NEW');
    } finally {
      await api.call(
        CASES_API.updateCentreSettings,
        { centreId: t.centres.c1!, autoAssign: false },
        { session: admin },
      );
    }
  });
});
