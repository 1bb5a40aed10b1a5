import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import { AUTH_API, CASES_API, type Case } from '@rayworks/contracts';
import { everyRoleTenant, TEST_PASSWORD } from '@rayworks/testing';
import {
  actionsTenant,
  api,
  arrive,
  caseOf,
  signIn,
  StudyEvents,
  usersKnown,
  type ActionsTenant,
} from './actions-support.js';

/**
 * The case details page's reads against the running system: a case's audit trail (/cases/audit) within the reach
 * rule, and the statistics' breakdown per centre and radiologist (the dashboards).
 */
describe('case details and dashboards reads', () => {
  let t: ActionsTenant;
  const events = new StudyEvents();
  let admin: Credentials;
  let radiologist: Credentials;
  let radiologist2: Credentials;
  let R: string;

  beforeAll(async () => {
    t = await actionsTenant('det');
    await events.start();
    R = t.users[t.login('radiologist')]!;
    await usersKnown(t, [R, t.radiologist2, t.users[t.login('admin')]!]);
    [admin, radiologist, radiologist2] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'radiologist'),
      signIn(t, 'radiologist2'),
    ]);
  }, 90_000);

  afterAll(async () => {
    await events.stop();
  });

  it("answers a case's audit trail newest first, with the actor's name; reads only when asked", async () => {
    const id = await arrive(events, t, 'c1');
    const c: Case = await caseOf(admin, id);
    await api.call(
      CASES_API.assignCases,
      { cases: [{ _id: c._id, version: c.version }], radiologistId: R },
      {
        session: admin,
      },
    );
    const { entries, truncated } = await api.call(CASES_API.findCaseAudit, { _id: id }, { session: admin });
    expect(truncated).toBe(false);
    const actions = entries.map((e) => e.action);
    expect(actions[0]).toBe('case.assign');
    expect(actions).toContain('CASE_CREATE');
    expect(actions).not.toContain('PATIENT_DATA_READ');
    const assign = entries[0]!;
    expect(assign.actorLogin).toBe(t.login('admin'));
    expect(assign.actorName).toEqual(expect.any(String));
    expect(assign.details).toMatchObject({ to: expect.any(String) });
    expect(Date.parse(assign.at)).toBeGreaterThanOrEqual(Date.parse(entries.at(-1)!.at));

    const withReads = await api.call(CASES_API.findCaseAudit, { _id: id, includeReads: true }, { session: admin });
    expect(withReads.entries.map((e) => e.action)).toContain('PATIENT_DATA_READ');

    // the assigned radiologist sees it; another radiologist of the centre does not (404, as /cases/findOne)
    expect((await api.call(CASES_API.findCaseAudit, { _id: id }, { session: radiologist })).entries.length).toBe(
      entries.length,
    );
    const hidden = await api.reply(CASES_API.findCaseAudit, { _id: id }, { session: radiologist2 });
    expect(hidden.status).toBe(404);
  }, 60_000);

  it("answers 404 for another company's case", async () => {
    const other = await everyRoleTenant('det-other');
    const id = await arrive(events, t, 'c1');
    const stranger = credentialsOf(
      await api.call(AUTH_API.login, {}, { headers: loginHeaders(other.login('admin'), TEST_PASSWORD) }),
    );
    const reply = await api.reply(CASES_API.findCaseAudit, { _id: id }, { session: stranger });
    expect(reply.status).toBe(404);
  }, 60_000);

  it('breaks the statistics down per centre and radiologist when asked', async () => {
    const id = await arrive(events, t, 'c2');
    const c = await caseOf(admin, id);
    await api.call(
      CASES_API.assignCases,
      { cases: [{ _id: c._id, version: c.version }], radiologistId: R },
      {
        session: admin,
      },
    );
    const plain = await api.call(CASES_API.getWorklistStatistics, {}, { session: admin });
    expect(plain.byCentre).toBeUndefined();
    const stats = await api.call(CASES_API.getWorklistStatistics, { breakdown: true }, { session: admin });
    const centres = stats.byCentre!;
    const radiologists = stats.byRadiologist!;
    expect(centres.reduce((n, e) => n + e.total, 0)).toBe(stats.counts.ALL);
    expect(radiologists.reduce((n, e) => n + e.total, 0)).toBe(stats.counts.ALL);
    const c2 = centres.find((e) => e.id === t.centres.c2)!;
    expect(c2.total).toBeGreaterThanOrEqual(1);
    const r = radiologists.find((e) => e.id === R)!;
    expect(r.name).toEqual(expect.any(String));
    expect(r.total).toBeGreaterThanOrEqual(1);
    // a radiologist's breakdown holds only their own cases
    const own = await api.call(CASES_API.getWorklistStatistics, { breakdown: true }, { session: radiologist });
    expect(own.byRadiologist!.map((e) => e.id)).toEqual([R]);
  }, 60_000);
});
