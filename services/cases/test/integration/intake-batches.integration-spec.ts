import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CASES_API } from '@rayworks/contracts';
import { eventually, everyRoleTenant, tenantQuery, type EveryRoleTenant } from '@rayworks/testing';
import { api, caseIdOfStudy, signIn, study, StudyEvents } from './worklist-support.js';

/**
 * StudyImported in bulk (docs/decisions/0323, 0324) against the running system: a backlog's batch — one produce
 * request, so the cases service fetches it as one batch — is taken set-based, with every rule of one study at a time:
 * the inbox drops a redelivery, a study twice in the batch gets one case (then its counts updated), each company's
 * cases are written in its own context (row-level security), a PENDING FOR SCAN registration is filled once, a study
 * that already has its case changes nothing, and the centres' counts stay equal to the rows.
 */
jest.setTimeout(120_000);
const events = new StudyEvents();
let t: EveryRoleTenant;
let u: EveryRoleTenant;

type Row = {
  id: string;
  study_instance_uid: string | null;
  status: string;
  group_id: string | null;
  instance_count: number | null;
  xmin: string;
  cmin: string;
};
const rowsOf = (tenantId: string, uids: string[]) =>
  tenantQuery<Row>(
    tenantId,
    `SELECT id, study_instance_uid, status, group_id, instance_count, xmin::text AS xmin, cmin::text AS cmin
       FROM cases.cases WHERE study_instance_uid = ANY($1)`,
    [uids],
  );
const eventTypes = (tenantId: string, caseId: string) =>
  tenantQuery<{ type: string }>(
    tenantId,
    `SELECT envelope->>'type' AS type FROM cases.outbox WHERE message_key = $1 ORDER BY id`,
    [caseId],
  ).then((rows) => rows.map((r) => r.type));

beforeAll(async () => {
  [t, u] = await Promise.all([everyRoleTenant('intakea'), everyRoleTenant('intakeb')]);
  await events.start();
  // the centres' read model (the group of a study that names none comes from its centre)
  await eventually(
    () => tenantQuery(t.tenantId, 'SELECT id FROM cases.centres WHERE id = $1', [t.centres.c2]),
    (rows) => rows.length === 1,
    { what: 'the centres read model' },
  );
}, 180_000);

afterAll(async () => {
  await events.stop();
});

describe('StudyImported in a batch', () => {
  it('makes the cases of a backlog set-based, with the rules of one study at a time', async () => {
    // before the backlog: a PENDING FOR SCAN registration, and a study that already has its case
    const patientId = `BAT${Date.now()}`;
    const registered = await api.call(
      CASES_API.createWorklistCase,
      { patientName: 'ROE^RICHARD', patientId, modality: 'MR', priority: 'STAT', centreId: t.centres.c1 },
      { session: await signIn(t, 'reception') },
    );
    const known = study({ groupId: t.groups.g, centreId: t.centres.c1 });
    await events.imported(t.tenantId, known);
    const knownId = await caseIdOfStudy(t.tenantId, known.studyInstanceUid);

    const a = study({ groupId: t.groups.g, centreId: t.centres.c1 });
    const b = study({ groupId: u.groups.g, centreId: u.centres.c1 });
    const c = study({ groupId: null, centreId: t.centres.c2 }); // its group from its centre
    const d = study({ patientId, modality: 'MR', modalities: ['MR'], centreId: t.centres.c1, groupId: t.groups.g });
    const f = study({ patientId, centreId: t.centres.c1, groupId: t.groups.g }); // the registration is d's by then
    const aEvent = randomUUID();
    await events.importedTogether([
      { tenantId: t.tenantId, payload: a, eventId: aEvent },
      { tenantId: t.tenantId, payload: a, eventId: aEvent }, // redelivered in the same batch
      { tenantId: u.tenantId, payload: b },
      { tenantId: t.tenantId, payload: c },
      { tenantId: t.tenantId, payload: { ...a, instanceCount: 5, seriesCount: 2, instancesAdded: 2 } }, // imported again
      { tenantId: t.tenantId, payload: d },
      { tenantId: t.tenantId, payload: known }, // already has its case, same counts
      { tenantId: t.tenantId, payload: f },
    ]);

    const fId = await caseIdOfStudy(t.tenantId, f.studyInstanceUid);
    const mine = await rowsOf(
      t.tenantId,
      [a, b, c, d, f, known].map((s) => s.studyInstanceUid),
    );
    const row = (s: { studyInstanceUid: string }) => mine.filter((r) => r.study_instance_uid === s.studyInstanceUid);
    // one case per study; the other company's study is not this company's (row-level security) but is its own
    expect([a, c, d, f, known].map((s) => row(s).length)).toEqual([1, 1, 1, 1, 1]);
    expect(row(b)).toEqual([]);
    expect(await rowsOf(u.tenantId, [b.studyInstanceUid])).toEqual([
      expect.objectContaining({ status: 'NEW', group_id: u.groups.g }),
    ]);
    // the study twice: its case, then its counts brought up to date
    expect(row(a)[0]).toMatchObject({ status: 'NEW', instance_count: 5 });
    expect(await eventTypes(t.tenantId, row(a)[0]!.id)).toEqual(['CaseCreated', 'CaseStudyUpdated']);
    expect(row(c)[0]).toMatchObject({ status: 'NEW', group_id: t.groups.g });
    // the registration filled by the first study of its patient, the second study a case of its own
    expect(row(d)[0]).toMatchObject({ id: registered._id, status: 'NEW' });
    expect(await eventTypes(t.tenantId, registered._id)).toEqual(['CaseCreated', 'CaseMatched']);
    expect(row(f)[0]).toMatchObject({ id: fId, status: 'NEW' });
    expect(fId).not.toBe(registered._id);
    // the study that had its case: nothing new
    expect(row(known)[0]!.id).toBe(knownId);
    expect(await eventTypes(t.tenantId, knownId)).toEqual(['CaseCreated']);
    // the company's new cases of the batch in one transaction and ONE statement (before: one INSERT per study)
    const made = [row(c)[0]!, row(f)[0]!];
    expect(new Set(made.map((r) => r.xmin)).size).toBe(1);
    expect(new Set(made.map((r) => r.cmin)).size).toBe(1);
    // the centres' counts equal their rows
    for (const centreId of [t.centres.c1, t.centres.c2]) {
      const [counted] = await tenantQuery<{ n: number }>(
        t.tenantId,
        'SELECT coalesce(sum(n), 0)::int AS n FROM cases.case_counts WHERE centre_id = $1',
        [centreId],
      );
      const [rows] = await tenantQuery<{ n: number }>(
        t.tenantId,
        'SELECT count(*)::int AS n FROM cases.cases WHERE centre_id = $1',
        [centreId],
      );
      expect(counted!.n).toBe(rows!.n);
    }
  });
});
