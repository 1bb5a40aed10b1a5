import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Credentials } from '@rayworks/api-client';
import { CASE_STATUSES, CASES_API, INSTANT_MESSAGES, type Case } from '@rayworks/contracts';
import { eventually, everyRoleTenant, tenantQuery, type EveryRoleTenant } from '@rayworks/testing';
import { allPages, api, caseIdOfStudy, signIn, study, StudyEvents } from './worklist-support.js';

/**
 * The worklist's core against the running system (gateway, auth, cases, PostgreSQL, Kafka), in companies of their
 * own: read models from auth's events, StudyImported → exactly one case, PENDING FOR SCAN matched, the reach rule,
 * /cases/get filters and paging, statistics equal to the rows, centre settings.
 */
jest.setTimeout(90_000);
const events = new StudyEvents();
let t: EveryRoleTenant;
let other: EveryRoleTenant;
const s: Record<string, Credentials> = {};

const get = (who: string, body: Parameters<typeof api.call<typeof CASES_API.getCases>>[1] = {}) =>
  api.call(CASES_API.getCases, body, { session: s[who]! });
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { status?: number }) => e.status,
  );

beforeAll(async () => {
  [t, other] = await Promise.all([everyRoleTenant('casesa'), everyRoleTenant('casesb')]);
  await events.start();
  for (const who of ['admin', 'group.admin', 'gca', 'centre.admin', 'reception', 'radiologist', 'typist'] as const)
    s[who] = await signIn(t, who);
  s.other = await signIn(other, 'admin');
}, 120_000);

afterAll(async () => {
  await events.stop();
});

describe('read models from auth', () => {
  it("every user, group and centre of a new company appears in cases' read models", async () => {
    const users = await eventually(
      () =>
        tenantQuery<{ login_name: string; role_codes: string[] }>(
          t.tenantId,
          // the company's own (the platform's users, of no company, are read by every company: decision 0201)
          'SELECT login_name, role_codes FROM cases.users WHERE tenant_id IS NOT NULL',
        ),
      (rows) => rows.length >= Object.keys(t.users).length,
      { what: 'the users read model' },
    );
    expect(users.map((u) => u.login_name).sort()).toEqual(Object.keys(t.users).sort());
    expect(users.find((u) => u.login_name === t.login('radiologist'))!.role_codes).toEqual(['CENTER_RADIOLOGIST']);
    const centres = await eventually(
      () =>
        tenantQuery<{ id: string; kind: string; is_fusion: boolean; group_id: string | null }>(
          t.tenantId,
          'SELECT id, kind, is_fusion, group_id FROM cases.centres',
        ),
      (rows) => rows.length >= 6,
      { what: 'the centres read model' },
    );
    expect(centres.find((c) => c.id === t.centres.hub)).toMatchObject({
      kind: 'centre',
      is_fusion: true,
      group_id: t.groups.f,
    });
    expect(centres.find((c) => c.id === t.centres.c1)).toMatchObject({ kind: 'centre', group_id: t.groups.g });
    // another company's users are not visible in this one (row-level security)
    const foreign = await tenantQuery(t.tenantId, 'SELECT 1 FROM cases.users WHERE id = $1', [
      other.users[other.login('admin')],
    ]);
    expect(foreign).toHaveLength(0);
  });
});

describe('StudyImported → a case', () => {
  it('makes exactly one case, also when the event is delivered twice and when the study is imported again', async () => {
    const payload = study({
      groupId: t.groups.g,
      centreId: t.centres.c1,
      studyDescription: 'CT CHEST WITH CONTRAST',
      patientSex: 'F',
      patientBirthDate: '19800214',
    });
    const eventId = randomUUID();
    await events.imported(t.tenantId, payload, eventId);
    await events.imported(t.tenantId, payload, eventId); // redelivery of the same event
    await events.imported(t.tenantId, payload); // the same import published again (another event)
    const id = await caseIdOfStudy(t.tenantId, payload.studyInstanceUid);
    // a later import that adds instances updates the counts of the same case
    await events.imported(t.tenantId, { ...payload, instanceCount: 5, seriesCount: 2, instancesAdded: 2 });
    const updated = await eventually(
      () => api.call(CASES_API.findOneCase, { _id: id }, { session: s.admin! }),
      (c) => c.instanceCount === 5,
      { what: 'the re-import' },
    );
    expect(updated).toMatchObject({
      status: 'NEW',
      worklistStatus: 'NEW',
      seriesCount: 2,
      centreName: t.centreName('c1'),
      studyDescription: 'CT CHEST WITH CONTRAST',
      patientSex: 'F',
    });
    expect(new Date(updated.dueAt!).getTime() - new Date(updated.receivedAt!).getTime()).toBe(24 * 3600_000);
    const rows = await tenantQuery(t.tenantId, 'SELECT id FROM cases.cases WHERE study_instance_uid = $1', [
      payload.studyInstanceUid,
    ]);
    expect(rows).toHaveLength(1);
    const outbox = await tenantQuery<{ type: string }>(
      t.tenantId,
      `SELECT envelope->>'type' AS type FROM cases.outbox WHERE message_key = $1 ORDER BY id`,
      [id],
    );
    expect(outbox.map((e) => e.type)).toEqual(['CaseCreated', 'CaseStudyUpdated']);
  });

  it('fills a PENDING FOR SCAN registration of the company by patient ID (→ NEW, CaseMatched)', async () => {
    const patientId = `REG${Date.now()}`;
    const registered = await api.call(
      CASES_API.createWorklistCase,
      { patientName: 'ROE^RICHARD', patientId, modality: 'MR', priority: 'STAT', centreId: t.centres.c1 },
      { session: s.reception! },
    );
    expect(registered).toMatchObject({
      status: 'PENDING FOR SCAN',
      worklistStatus: 'NOT_READY',
      studyInstanceUid: null,
    });
    const payload = study({
      patientId,
      patientName: 'ROE^RICHARD',
      modality: 'MR',
      modalities: ['MR'],
      centreId: t.centres.c1,
      groupId: t.groups.g,
    });
    await events.imported(t.tenantId, payload);
    const matched = await eventually(
      () => api.call(CASES_API.findOneCase, { _id: registered._id }, { session: s.admin! }),
      (c) => c.status === 'NEW',
      { what: 'the match' },
    );
    expect(matched).toMatchObject({ studyInstanceUid: payload.studyInstanceUid, priority: 'STAT', instanceCount: 3 });
    expect(new Date(matched.dueAt!).getTime() - new Date(matched.receivedAt!).getTime()).toBe(3600_000);
    const rows = await tenantQuery(t.tenantId, 'SELECT id FROM cases.cases WHERE patient_id = $1', [patientId]);
    expect(rows).toHaveLength(1);
    const outbox = await tenantQuery<{ type: string }>(
      t.tenantId,
      `SELECT envelope->>'type' AS type FROM cases.outbox WHERE message_key = $1 ORDER BY id`,
      [registered._id],
    );
    expect(outbox.map((e) => e.type)).toEqual(['CaseCreated', 'CaseMatched']);
    // another company's registration is never matched
    const theirs = await api.call(
      CASES_API.createWorklistCase,
      { patientName: 'X^Y', patientId: `OTH${Date.now()}`, modality: 'CT', centreId: other.centres.c1 },
      { session: s.other! },
    );
    const mine = study({ patientId: theirs.patientId, centreId: t.centres.c1 });
    await events.imported(t.tenantId, mine);
    await caseIdOfStudy(t.tenantId, mine.studyInstanceUid);
    const still = await api.call(CASES_API.findOneCase, { _id: theirs._id }, { session: s.other! });
    expect(still.status).toBe('PENDING FOR SCAN');
  });
});

describe('reach: who sees which case', () => {
  let c1Case: string;
  let c3Case: string;
  beforeAll(async () => {
    const a = study({ groupId: t.groups.g, centreId: t.centres.c1, patientName: 'REACH^ONE' });
    const b = study({ centreId: t.centres.c3, patientName: 'REACH^THREE' });
    await events.imported(t.tenantId, a);
    await events.imported(t.tenantId, b);
    [c1Case, c3Case] = await Promise.all([
      caseIdOfStudy(t.tenantId, a.studyInstanceUid),
      caseIdOfStudy(t.tenantId, b.studyInstanceUid),
    ]);
  });

  const ids = async (who: string) => (await get(who, { pageSize: 100 })).items.map((c: Case) => c._id);

  it('company admins see all; group admins their group; centre users their centres', async () => {
    expect(await ids('admin')).toEqual(expect.arrayContaining([c1Case, c3Case]));
    const group = await ids('group.admin');
    expect(group).toContain(c1Case);
    expect(group).not.toContain(c3Case);
    const gca = await ids('gca');
    expect(gca).toContain(c1Case);
    expect(gca).not.toContain(c3Case);
    const ca = await ids('centre.admin');
    expect(ca).toContain(c3Case);
    expect(ca).not.toContain(c1Case);
    expect(await statusOf(api.call(CASES_API.findOneCase, { _id: c1Case }, { session: s['centre.admin']! }))).toBe(404);
  });

  it('another company reads nothing of it', async () => {
    const theirs = await ids('other');
    expect(theirs).not.toContain(c1Case);
    expect(theirs).not.toContain(c3Case);
    expect(await statusOf(api.call(CASES_API.findOneCase, { _id: c1Case }, { session: s.other! }))).toBe(404);
    const stats = await api.call(CASES_API.getWorklistStatistics, {}, { session: s.other! });
    const theirRows = await tenantQuery<{ n: string }>(other.tenantId, 'SELECT count(*) AS n FROM cases.cases');
    expect(stats.counts.ALL).toBe(Number(theirRows[0]!.n));
  });

  it('a radiologist sees only the cases assigned to it, a typist only those at it', async () => {
    expect(await ids('radiologist')).toEqual([]);
    const radiologistId = t.users[t.login('radiologist')]!;
    const typistId = t.users[t.login('typist')]!;
    await tenantQuery(t.tenantId, `UPDATE cases.cases SET radiologist_id = $1, status = 'IN PROGRESS' WHERE id = $2`, [
      radiologistId,
      c1Case,
    ]);
    expect(await ids('radiologist')).toEqual([c1Case]);
    expect(await statusOf(api.call(CASES_API.findOneCase, { _id: c3Case }, { session: s.radiologist! }))).toBe(404);
    const one = await api.call(CASES_API.findOneCase, { _id: c1Case }, { session: s.radiologist! });
    expect(one.radiologistName).toContain(t.name);
    const stats = await api.call(CASES_API.getWorklistStatistics, {}, { session: s.radiologist! });
    expect(stats.counts).toMatchObject({ ALL: 1, 'IN PROGRESS': 1 });
    expect(await ids('typist')).toEqual([]);
    await tenantQuery(t.tenantId, `UPDATE cases.cases SET typist_id = $1, status = 'PENDING AT TYPIST' WHERE id = $2`, [
      typistId,
      c1Case,
    ]);
    expect(await ids('typist')).toEqual([c1Case]);
    // a list's row (computed in SQL) is the case /cases/findOne maps from the entity: names, times, flags
    const whole = await api.call(CASES_API.findOneCase, { _id: c1Case }, { session: s.admin! });
    expect(whole).toMatchObject({ radiologistId, typistId, recallRequested: false });
    expect(whole.typistName).toEqual(expect.any(String));
    const page = await get('admin', { status: 'PENDING AT TYPIST', pageSize: 100 });
    expect(page.items.find((c: Case) => c._id === c1Case)).toEqual(whole);
    expect(await api.call(CASES_API.findCases, { ids: [c1Case] }, { session: s.admin! })).toEqual([whole]);
  });
});

describe('/cases/get filters and paging', () => {
  const patientIds: string[] = [];
  let prefix: string;
  beforeAll(async () => {
    prefix = `PG${Date.now().toString(36).toUpperCase()}`;
    const modalities = ['CT', 'MR', 'CT', 'US', 'CT'];
    const uids: string[] = [];
    for (const [i, modality] of modalities.entries()) {
      const p = study({
        groupId: t.groups.g,
        centreId: t.centres.c2,
        modality,
        modalities: [modality],
        patientName: `${prefix}^PATIENT${i}`,
        patientId: `${prefix}-${i}`,
        accessionNumber: `ACC${prefix}${i}`,
      });
      patientIds.push(p.patientId);
      uids.push(p.studyInstanceUid);
      await events.imported(t.tenantId, p);
    }
    for (const uid of uids) await caseIdOfStudy(t.tenantId, uid);
  });

  it('pages by cursor and by page number through the same order, without gaps or duplicates', async () => {
    const body = {
      centreId: t.centres.c2,
      search: prefix,
      pageSize: 2,
      sortBy: 'patientName' as const,
      sortDir: 'asc' as const,
    };
    const byCursor = await allPages(s.admin!, body);
    expect(byCursor).toHaveLength(5);
    expect(new Set(byCursor).size).toBe(5);
    const pages = await Promise.all([1, 2, 3].map((page) => get('admin', { ...body, page })));
    expect(pages.flatMap((p) => p.items.map((c: Case) => c._id))).toEqual(byCursor);
    expect(pages.map((p) => p.items.map((c: Case) => c.patientId))).toEqual([
      [patientIds[0], patientIds[1]],
      [patientIds[2], patientIds[3]],
      [patientIds[4]],
    ]);
    // newest first by default, through a cursor too
    expect(await allPages(s.admin!, { centreId: t.centres.c2, search: prefix, pageSize: 3 })).toHaveLength(5);
  });

  it('filters by modality, free text (name, ID, accession prefixes), status; totals from the counts', async () => {
    const ct = await get('admin', { centreId: t.centres.c2, modality: 'ct', search: prefix });
    expect(ct.items.map((c: Case) => c.patientId).sort()).toEqual([patientIds[0], patientIds[2], patientIds[4]]);
    expect(ct.total).toBeNull(); // free text: no cheap total
    const byId = await get('admin', { search: `${prefix.toLowerCase()}-3` });
    expect(byId.items.map((c: Case) => c.patientId)).toEqual([patientIds[3]]);
    const byAccession = await get('admin', { search: `ACC${prefix}1` });
    expect(byAccession.items.map((c: Case) => c.patientId)).toEqual([patientIds[1]]);
    const byGiven = await get('admin', { search: 'patient4', centreId: t.centres.c2 });
    expect(byGiven.items.map((c: Case) => c.patientId)).toContain(patientIds[4]);
    const tab = await get('admin', { centreId: t.centres.c2, status: 'NEW', modality: 'CT' });
    const rows = await tenantQuery<{ n: string }>(
      t.tenantId,
      `SELECT count(*) AS n FROM cases.cases WHERE centre_id = $1 AND status = 'NEW' AND modality = 'CT'`,
      [t.centres.c2],
    );
    expect(tab.total).toBe(Number(rows[0]!.n));
    expect(await statusOf(get('admin', { sortBy: 'nonsense' as never }))).toBe(400);
    expect(await statusOf(get('admin', { cursor: 'forged' }))).toBe(400);
  });

  it('a received time outside ±14:00 or before 1900 is a 400 naming the field, on the list, the search and the export', async () => {
    const bad = [
      ['receivedFrom', '2026-01-01T00:00:00+16:00', INSTANT_MESSAGES.offset],
      ['receivedTo', '2026-01-01T00:00:00-23:59', INSTANT_MESSAGES.offset],
      ['receivedFrom', '0999-12-31T23:00:00-10:00', INSTANT_MESSAGES.year],
    ] as const;
    for (const [field, value, message] of bad) {
      for (const endpoint of [CASES_API.getCases, CASES_API.findCases, CASES_API.exportCases]) {
        const body = { [field]: value, ...(endpoint === CASES_API.exportCases ? { format: 'csv' } : {}) };
        const reply = await api.reply(endpoint, body as never, { session: s.admin! });
        expect({ path: endpoint.path, field, status: reply.status }).toEqual({
          path: endpoint.path,
          field,
          status: 400,
        });
        expect(reply.body.message).toContain(field);
        expect(reply.body.message).toContain(message);
      }
    }
  });

  it('statistics equal the rows, per status, with overdue and due-within-the-hour figures', async () => {
    const due = patientIds[0]!;
    await tenantQuery(
      t.tenantId,
      `UPDATE cases.cases SET due_at = now() - interval '5 minutes' WHERE patient_id = $1`,
      [due],
    );
    await tenantQuery(
      t.tenantId,
      `UPDATE cases.cases SET due_at = now() + interval '10 minutes' WHERE patient_id = $1`,
      [patientIds[1]],
    );
    await tenantQuery(
      t.tenantId,
      `UPDATE cases.cases SET status = 'COMPLETED', completed_at = received_at + interval '90 minutes' WHERE patient_id = $1`,
      [patientIds[2]],
    );
    const stats = await api.call(CASES_API.getWorklistStatistics, {}, { session: s.admin! });
    const rows = await tenantQuery<{ status: string; n: string }>(
      t.tenantId,
      'SELECT status, count(*) AS n FROM cases.cases GROUP BY status',
    );
    const expected = Object.fromEntries(
      CASE_STATUSES.map((st) => [st, Number(rows.find((r) => r.status === st)?.n ?? 0)]),
    );
    expect(stats.counts).toEqual({ ALL: rows.reduce((a, r) => a + Number(r.n), 0), ...expected });
    const [dueRow] = await tenantQuery<{ overdue: string; soon: string }>(
      t.tenantId,
      `SELECT count(*) FILTER (WHERE due_at < now()) AS overdue,
              count(*) FILTER (WHERE due_at >= now() AND due_at < now() + interval '1 hour') AS soon
       FROM cases.cases WHERE status NOT IN ('COMPLETED', 'PENDING FOR SCAN')`,
    );
    expect(stats.turnaround.overdue).toBe(Number(dueRow!.overdue));
    expect(stats.turnaround.dueWithinHour).toBe(Number(dueRow!.soon));
    expect(stats.turnaround.overdue).toBeGreaterThanOrEqual(1);
    expect(stats.turnaround.medianMinutesToComplete).toContainEqual({
      modality: 'CT',
      completed: 1,
      medianMinutes: 90,
    });
    const centre = await api.call(CASES_API.getWorklistStatistics, { centreId: t.centres.c2 }, { session: s.admin! });
    expect(centre.counts.COMPLETED).toBe(1);
  });
});

describe('registrations, edits and centre settings', () => {
  it('edits a case at its version (409 at an old one) and moves its due time with its priority', async () => {
    const p = study({ centreId: t.centres.c3 });
    await events.imported(t.tenantId, p);
    const id = await caseIdOfStudy(t.tenantId, p.studyInstanceUid);
    const before = await api.call(CASES_API.findOneCase, { _id: id }, { session: s['centre.admin']! });
    const edited = await api.call(
      CASES_API.editWorklistCase,
      { _id: id, version: before.version, patientName: 'FIXED^NAME', priority: 'EMERGENT' },
      { session: s['centre.admin']! },
    );
    expect(edited).toMatchObject({ patientName: 'FIXED^NAME', priority: 'EMERGENT', version: before.version + 1 });
    expect(new Date(edited.dueAt!).getTime() - new Date(edited.receivedAt!).getTime()).toBe(30 * 60_000);
    expect(
      await statusOf(
        api.call(
          CASES_API.editWorklistCase,
          { _id: id, version: before.version, priority: 'STAT' },
          { session: s['centre.admin']! },
        ),
      ),
    ).toBe(409);
    expect(
      await statusOf(
        api.call(
          CASES_API.editWorklistCase,
          { _id: id, version: edited.version, priority: 'STAT' },
          { session: s.gca! },
        ),
      ),
    ).toBe(404);
    expect(
      await statusOf(
        api.call(
          CASES_API.editWorklistCase,
          { _id: id, version: edited.version, priority: 'STAT' },
          { session: s.radiologist! },
        ),
      ),
    ).toBe(403);
  });

  it('centre settings: defaults, changed by the centre admin, refused outside its reach; due times follow them', async () => {
    const defaults = await api.call(
      CASES_API.getCentreSettings,
      { centreId: t.centres.c3 },
      { session: s['centre.admin']! },
    );
    expect(defaults).toMatchObject({
      requiresAcceptance: false,
      typistAssignment: 'MANUAL',
      autoAssign: false,
      updatedAt: null,
    });
    const changed = await api.call(
      CASES_API.updateCentreSettings,
      { centreId: t.centres.c3, requiresAcceptance: true, turnaroundByModality: { DX: { ROUTINE: 120 } } },
      { session: s['centre.admin']! },
    );
    expect(changed).toMatchObject({ requiresAcceptance: true, turnaroundByModality: { DX: { ROUTINE: 120 } } });
    expect(await statusOf(api.call(CASES_API.getCentreSettings, { centreId: t.centres.c3 }, { session: s.gca! }))).toBe(
      404,
    );
    expect(
      await statusOf(api.call(CASES_API.getCentreSettings, { centreId: t.centres.c3 }, { session: s.other! })),
    ).toBe(404);
    const p = study({ centreId: t.centres.c3, modality: 'DX', modalities: ['DX'] });
    await events.imported(t.tenantId, p);
    const id = await caseIdOfStudy(t.tenantId, p.studyInstanceUid);
    const c = await api.call(CASES_API.findOneCase, { _id: id }, { session: s.admin! });
    expect(new Date(c.dueAt!).getTime() - new Date(c.receivedAt!).getTime()).toBe(120 * 60_000);
  });
});
