import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { io, type Socket } from 'socket.io-client';
import { ApiError, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  CASE_MESSAGES,
  CASES_API,
  COLLABORATION_MESSAGES as M,
  DEFAULT_WORKLIST_COLUMNS,
  EXPORT_CONTENT_TYPES,
  EXPORT_ROW_LIMIT_HEADER,
  REALTIME_PATH,
  type CaseCommentAddedMessage,
  type PatientHistoryEntry,
} from '@rayworks/contracts';
import {
  eventually,
  everyRoleTenant,
  marketplaceRadiologist,
  tenantQuery,
  TEST_PASSWORD,
  type EveryRoleTenant,
} from '@rayworks/testing';
import {
  actionsTenant,
  api,
  arrive,
  base,
  caseOf,
  signIn,
  StudyEvents,
  usersKnown,
  type ActionsTenant,
} from './actions-support.js';

/**
 * The work around a case against the running system (gateway, cases API, imaging API, PostgreSQL, Kafka, Redis), in
 * a company of its own and a second company: patient history, chat and its push, rating, shared links and their
 * expiry, the study download through imaging, the worklist columns and the CSV/XLSX export. Each call: its
 * privilege (403), another company's case (404).
 */
describe('case collaboration', () => {
  let t: ActionsTenant;
  let other: EveryRoleTenant;
  const events = new StudyEvents();
  let admin: Credentials;
  let gca: Credentials;
  let radiologist: Credentials;
  let reception: Credentials;
  let typist: Credentials;
  let outsider: Credentials;
  let R: string;
  let caseId: string;
  let patientId: string;

  const assignTo = async (id: string, radiologistId: string) => {
    const c = await caseOf(admin, id);
    const answer = await api.reply(
      CASES_API.assignCases,
      { cases: [{ _id: c._id, version: c.version }], radiologistId },
      { session: admin },
    );
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    t = await actionsTenant('collab');
    other = await everyRoleTenant('collabx');
    await events.start();
    R = t.users[t.login('radiologist')]!;
    await usersKnown(t, [R, t.users[t.login('gca')]!]);
    [admin, gca, radiologist, reception, typist] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'gca'),
      signIn(t, 'radiologist'),
      signIn(t, 'reception'),
      signIn(t, 'typist'),
    ]);
    outsider = credentialsOf(
      await api.call(AUTH_API.login, {}, { headers: loginHeaders(other.login('admin'), TEST_PASSWORD) }),
    );
    caseId = await arrive(events, t, 'c1');
    patientId = (await caseOf(admin, caseId)).patientId;
  }, 120_000);

  afterAll(async () => {
    await events.stop();
  });

  it("keeps the patient's history: add, edit at a version, delete, each with its privilege; seen from every case of the patient", async () => {
    const added = await api.reply(CASES_API.createPatientHistory, { caseId, text: 'Known diabetic' }, { session: gca });
    expect([added.status, added.body.message]).toEqual([200, M.historyAdded]);
    const entry = added.body.data as PatientHistoryEntry;
    expect(entry).toMatchObject({ caseId, patientId, text: 'Known diabetic', version: 1 });
    expect(entry.authorName).toContain('gca');

    // the reception holds no HISTORY_ADD; the radiologist adds, but neither edits nor deletes
    expect(
      (await api.reply(CASES_API.createPatientHistory, { caseId, text: 'x' }, { session: reception })).status,
    ).toBe(403);
    await assignTo(caseId, R);
    expect(
      (
        await api.reply(
          CASES_API.createPatientHistory,
          { caseId, text: 'Allergic to contrast' },
          { session: radiologist },
        )
      ).status,
    ).toBe(200);
    const edit = { caseId, _id: entry._id, version: 1, text: 'Known diabetic, on insulin' };
    expect((await api.reply(CASES_API.updatePatientHistory, edit, { session: radiologist })).status).toBe(403);
    expect(
      (await api.reply(CASES_API.deletePatientHistory, { caseId, _id: entry._id }, { session: radiologist })).status,
    ).toBe(403);

    const edited = await api.reply(CASES_API.updatePatientHistory, edit, { session: gca });
    expect([edited.status, edited.body.message]).toEqual([200, M.historyUpdated]);
    expect(edited.body.data).toMatchObject({ text: 'Known diabetic, on insulin', version: 2 });
    const stale = await api.reply(CASES_API.updatePatientHistory, edit, { session: gca });
    expect([stale.status, stale.body.message]).toEqual([409, M.historyConflict]);

    // another case of the same patient shows the same history, newest first
    const second = await arrive(events, t, 'c1', { patientId });
    const history = await api.call(CASES_API.findPatientHistory, { caseId: second }, { session: gca });
    expect(history.map((h) => h.text)).toEqual(['Allergic to contrast', 'Known diabetic, on insulin']);

    const deleted = await api.reply(CASES_API.deletePatientHistory, { caseId, _id: entry._id }, { session: admin });
    expect([deleted.status, deleted.body.message]).toEqual([200, M.historyDeleted]);
    expect((await api.call(CASES_API.findPatientHistory, { caseId }, { session: gca })).map((h) => h.text)).toEqual([
      'Allergic to contrast',
    ]);
    const audit = await tenantQuery<{ action: string }>(
      t.tenantId,
      `SELECT action FROM cases.audit_log WHERE target_id = $1 ORDER BY id`,
      [entry._id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'PATIENT_HISTORY_ADD',
      'PATIENT_HISTORY_EDIT',
      'PATIENT_HISTORY_DELETE',
    ]);

    // another company's user: the case does not exist for it
    for (const answer of [
      await api.reply(CASES_API.findPatientHistory, { caseId }, { session: outsider }),
      await api.reply(CASES_API.createPatientHistory, { caseId, text: 'x' }, { session: outsider }),
    ])
      expect([answer.status, answer.body.message]).toEqual([404, CASE_MESSAGES.notFound]);
  });

  it('keeps the case chat, pushes cases:comment-added to the company after the commit, refuses without CHAT', async () => {
    const socket: Socket = io(base, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      auth: { token: admin.token, sessionToken: admin.sessionToken },
    });
    try {
      const got: CaseCommentAddedMessage[] = [];
      socket.on('cases:comment-added', (m) => got.push(m));
      await new Promise<void>((resolve, reject) => {
        socket.on('system:hello', () => resolve());
        socket.on('connect_error', reject);
      });
      const sent = await api.reply(
        CASES_API.addComment,
        { caseId, text: 'Please look at the left lobe' },
        { session: gca },
      );
      expect([sent.status, sent.body.message]).toEqual([200, M.commentAdded]);
      const comment = sent.body.data as { _id: string };
      const pushed = await eventually(
        async () => got.filter((m) => m.commentId === comment._id),
        (m) => m.length > 0,
        { what: 'the push of the comment' },
      );
      expect(pushed[0]).toMatchObject({ caseId, commentId: comment._id });
      expect(JSON.stringify(pushed[0])).not.toContain('left lobe');
    } finally {
      socket.close();
    }
    // the radiologist of the case answers; the typist (not on this case) cannot see it
    expect(
      (await api.reply(CASES_API.addComment, { caseId, text: 'Seen, thanks' }, { session: radiologist })).status,
    ).toBe(200);
    const chat = await api.call(CASES_API.findComments, { caseId }, { session: admin });
    expect(chat.items.map((c) => c.text)).toEqual(['Please look at the left lobe', 'Seen, thanks']);
    expect(chat.hasMore).toBe(false);
    const older = await api.call(CASES_API.findComments, { caseId, limit: 1 }, { session: admin });
    expect([older.items.map((c) => c.text), older.hasMore]).toEqual([['Seen, thanks'], true]);

    expect((await api.reply(CASES_API.addComment, { caseId, text: 'x' }, { session: reception })).status).toBe(403);
    expect((await api.reply(CASES_API.findComments, { caseId }, { session: typist })).status).toBe(404);
    expect((await api.reply(CASES_API.findComments, { caseId }, { session: outsider })).status).toBe(404);
    expect((await api.reply(CASES_API.addComment, { caseId, text: 'x' }, { session: outsider })).status).toBe(404);
  });

  it('chats with the marketplace radiologist who took the case (of no company): written in the case company, pushed to them', async () => {
    const mp = await marketplaceRadiologist('collabmp');
    const mpSession = credentialsOf(
      await api.call(AUTH_API.login, {}, { headers: loginHeaders(mp.loginName, mp.password) }),
    );
    const offered = await caseOf(admin, await arrive(events, t, 'c1'));
    expect(
      (await api.reply(CASES_API.addComment, { caseId: offered._id, text: 'x' }, { session: mpSession })).status,
    ).toBe(404);
    const made = await api.reply(
      CASES_API.offerToMarketplace,
      { _id: offered._id, version: offered.version } as never,
      { session: admin },
    );
    expect(made.status).toBe(200);
    const now = await caseOf(admin, offered._id);
    expect(
      (await api.reply(CASES_API.acceptOffer, { _id: now._id, version: now.version }, { session: mpSession })).status,
    ).toBe(200);

    const socket: Socket = io(base, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      auth: { token: mpSession.token, sessionToken: mpSession.sessionToken },
    });
    try {
      const got: CaseCommentAddedMessage[] = [];
      socket.on('cases:comment-added', (m) => got.push(m));
      await new Promise<void>((resolve, reject) => {
        socket.on('system:hello', () => resolve());
        socket.on('connect_error', reject);
      });
      const question = await api.call(
        CASES_API.addComment,
        { caseId: offered._id, text: 'Prior CT?' },
        { session: admin },
      );
      await eventually(
        async () => got.filter((m) => m.commentId === question._id),
        (m) => m.length > 0,
        { what: "the push to the marketplace radiologist's room" },
      );
    } finally {
      socket.close();
    }
    const answer = await api.reply(
      CASES_API.addComment,
      { caseId: offered._id, text: 'None on file' },
      { session: mpSession },
    );
    expect([answer.status, answer.body.message]).toEqual([200, M.commentAdded]);
    const rows = await tenantQuery<{ tenant_id: string }>(
      t.tenantId,
      `SELECT tenant_id FROM cases.case_comments WHERE id = $1`,
      [(answer.body.data as { _id: string })._id],
    );
    expect(rows[0]!.tenant_id).toBe(t.tenantId);
    for (const session of [admin, mpSession])
      expect(
        (await api.call(CASES_API.findComments, { caseId: offered._id }, { session })).items.map((c) => c.text),
      ).toEqual(['Prior CT?', 'None on file']);
    expect(
      (await api.reply(CASES_API.findPatientHistory, { caseId: offered._id }, { session: mpSession })).status,
    ).toBe(200);
  });

  it('rates a completed case once per user (a second rating replaces the first); 409 before completion; 403 without the privilege', async () => {
    const early = await api.reply(CASES_API.rateCase, { caseId, stars: 4 }, { session: admin });
    expect([early.status, early.body.message]).toEqual([409, M.ratingNotAllowed]);
    await tenantQuery(t.tenantId, `UPDATE cases.cases SET status = 'COMPLETED', completed_at = now() WHERE id = $1`, [
      caseId,
    ]);
    const rated = await api.reply(
      CASES_API.rateCase,
      { caseId, stars: 4, feedback: 'Clear report' },
      { session: admin },
    );
    expect([rated.status, rated.body.message]).toEqual([200, M.rated]);
    await api.call(CASES_API.rateCase, { caseId, stars: 5 }, { session: admin });
    await api.call(CASES_API.rateCase, { caseId, stars: 2, feedback: 'Late' }, { session: gca });
    const ratings = await api.call(CASES_API.findCaseRatings, { caseId }, { session: admin });
    expect([ratings.count, ratings.average]).toEqual([2, 3.5]);
    expect(ratings.items.find((r) => r.userId === t.users[t.login('admin')])).toMatchObject({
      stars: 5,
      feedback: null,
    });

    expect((await api.reply(CASES_API.rateCase, { caseId, stars: 1 }, { session: radiologist })).status).toBe(403);
    expect((await api.reply(CASES_API.rateCase, { caseId, stars: 1 }, { session: outsider })).status).toBe(404);
  });

  it('shares a read-only link that works without a login until it expires (410), unknown links 404', async () => {
    const shared = await api.reply(CASES_API.shareCase, { caseId, expiresInHours: 2 }, { session: gca });
    expect([shared.status, shared.body.message]).toEqual([200, M.shared]);
    const { token, _id: shareId } = shared.body.data as { token: string; _id: string };
    const stored = await tenantQuery<{ token_hash: string }>(
      t.tenantId,
      `SELECT token_hash FROM cases.case_shares WHERE id = $1`,
      [shareId],
    );
    expect(stored[0]!.token_hash).not.toContain(token);

    const view = await api.reply(CASES_API.findShareCase, { token }, { session: null });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ patientId, patientName: 'DOE^JOHN', centreName: t.centreName('c1') });
    expect(JSON.stringify(view.body.data)).not.toContain(caseId);

    const forged = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`;
    for (const bad of [forged, 'x'.repeat(64)]) {
      const answer = await api.reply(CASES_API.findShareCase, { token: bad }, { session: null });
      expect([answer.status, answer.body.message]).toEqual([404, M.shareNotFound]);
    }
    await tenantQuery(
      t.tenantId,
      `UPDATE cases.case_shares SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [shareId],
    );
    const expired = await api.reply(CASES_API.findShareCase, { token }, { session: null });
    expect([expired.status, expired.body.message]).toEqual([410, M.shareExpired]);
    await expect(api.call(CASES_API.findShareCase, { token }, { session: null })).rejects.toMatchObject({
      status: 410,
    });

    expect((await api.reply(CASES_API.shareCase, { caseId }, { session: typist })).status).toBe(403);
    expect((await api.reply(CASES_API.shareCase, { caseId }, { session: outsider })).status).toBe(404);
  });

  it("starts a study download through imaging with the caller's credentials; no study 409; 403 and 404 as usual", async () => {
    // the study exists only in the cases service here: imaging's own answer (not found) comes back through
    const answer = await api.reply(CASES_API.initiateDownload, { caseId }, { session: admin });
    expect(answer.status).toBe(404);
    expect(answer.body.message).not.toBe(CASE_MESSAGES.notFound);

    // the study in imaging's archive (its rows, as the import leaves them): imaging starts the zip for the caller
    const c = await caseOf(admin, caseId);
    await tenantQuery(
      t.tenantId,
      `INSERT INTO imaging.studies (tenant_id, group_id, centre_id, study_instance_uid, patient_name, patient_id,
         study_date, modalities, series_count, instance_count, size_bytes, state)
       VALUES ($1, $2, $3, $4, $5, $6, '20260101', '{CT}', 0, 0, 0, 'IMPORTED')`,
      [t.tenantId, t.groups.g!, t.centres.c1!, c.studyInstanceUid, c.patientName, c.patientId],
    );
    const started = await api.reply(CASES_API.initiateDownload, { caseId }, { session: admin });
    expect([started.status, started.body.message]).toEqual([200, M.downloadStarted]);
    const download = started.body.data as { _id: string; studyInstanceUid: string; state: string };
    expect(download.studyInstanceUid).toBe(c.studyInstanceUid);
    const [row] = await tenantQuery<{ requested_by: string }>(
      t.tenantId,
      `SELECT requested_by FROM imaging.downloads WHERE id = $1`,
      [download._id],
    );
    expect(row!.requested_by).toBe(t.users[t.login('admin')]);
    const audit = await tenantQuery<{ n: number }>(
      t.tenantId,
      `SELECT count(*)::int AS n FROM cases.audit_log WHERE action = 'CASE_DOWNLOAD_INITIATE' AND target_id = $1`,
      [caseId],
    );
    expect(audit[0]!.n).toBe(1);

    const registered = await api.call(
      CASES_API.createWorklistCase,
      { centreId: t.centres.c1!, patientName: 'LATER^ANN', patientId: `PL${Date.now()}`, modality: 'MR' },
      { session: admin },
    );
    const noStudy = await api.reply(CASES_API.initiateDownload, { caseId: registered._id }, { session: admin });
    expect([noStudy.status, noStudy.body.message]).toEqual([409, M.noStudyToDownload]);
    expect((await api.reply(CASES_API.initiateDownload, { caseId }, { session: typist })).status).toBe(403);
    expect((await api.reply(CASES_API.initiateDownload, { caseId }, { session: outsider })).status).toBe(404);
  });

  it("saves the worklist's columns per user and screen; the defaults until chosen; unknown columns 400", async () => {
    const none = await api.call(CASES_API.findPreferredColumns, { screen: 'cases' }, { session: radiologist });
    expect(none).toMatchObject({ isDefault: true, columns: [...DEFAULT_WORKLIST_COLUMNS] });
    const saved = await api.reply(
      CASES_API.createPreferredColumns,
      { screen: 'cases', columns: ['dueAt', 'patientName', 'modality'] },
      { session: radiologist },
    );
    expect([saved.status, saved.body.message]).toEqual([200, M.columnsSaved]);
    expect(await api.call(CASES_API.findPreferredColumns, { screen: 'cases' }, { session: radiologist })).toMatchObject(
      {
        isDefault: false,
        columns: ['dueAt', 'patientName', 'modality'],
      },
    );
    // another user, another screen: untouched
    expect((await api.call(CASES_API.findPreferredColumns, { screen: 'cases' }, { session: gca })).isDefault).toBe(
      true,
    );
    expect(
      (await api.call(CASES_API.findPreferredColumns, { screen: 'fccases' }, { session: radiologist })).isDefault,
    ).toBe(true);
    const bad = await api.reply(CASES_API.createPreferredColumns, { screen: 'cases', columns: ['nope'] } as never, {
      session: radiologist,
    });
    expect(bad.status).toBe(400);
  });

  it('exports the filtered worklist as CSV and XLSX, streamed, cells never formulas; 403 without EXPORT; nothing of another company', async () => {
    const tag = `EXP${Date.now().toString(36).toUpperCase()}`;
    for (const name of [`${tag}^ALPHA`, `${tag}^BETA`, `=${tag}^GAMMA`])
      await arrive(events, t, 'c1', { patientName: name });
    await arrive(events, t, 'c2', { patientName: `${tag}^OTHERCENTRE` });
    const filter = { centreId: t.centres.c1!, search: tag, sortBy: 'patientName', sortDir: 'asc' } as const;

    const csv = await api.file(
      CASES_API.exportCases,
      { ...filter, format: 'csv', columns: ['patientName', 'centreName', 'modality', 'seriesCount'] },
      { session: admin },
    );
    expect(csv.contentType).toBe(EXPORT_CONTENT_TYPES.csv);
    expect(csv.fileName).toMatch(/^worklist-.*\.csv$/);
    expect(csv.headers.get(EXPORT_ROW_LIMIT_HEADER)).toBe('100000');
    const rows = parse(Buffer.from(csv.bytes), { bom: true }) as string[][];
    expect(rows[0]).toEqual(['Patient Name', 'Centre', 'Modality', 'Series']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([`${tag}^ALPHA`, `${tag}^BETA`].sort());
    expect(rows.slice(1).every((r) => r[1] === t.centreName('c1') && r[2] === 'CT' && r[3] === '2')).toBe(true);
    // the name that starts with '=' is not a search hit ('=' starts it): the whole centre's export shows it inert
    const all = await api.file(
      CASES_API.exportCases,
      { centreId: t.centres.c1!, format: 'csv', columns: ['patientName'] },
      { session: admin },
    );
    const names = (parse(Buffer.from(all.bytes), { bom: true }) as string[][]).map((r) => r[0]);
    expect(names).toContain(`'=${tag}^GAMMA`);
    expect(names).not.toContain(`=${tag}^GAMMA`);

    const xlsx = await api.file(CASES_API.exportCases, { ...filter, format: 'xlsx' }, { session: admin });
    expect(xlsx.contentType).toBe(EXPORT_CONTENT_TYPES.xlsx);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.bytes) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Worklist')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header[0]).toBe('Patient Name');
    const nameColumn = header.indexOf('Patient Name') + 1;
    const sheetNames: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) sheetNames.push(String(row.getCell(nameColumn).value));
    });
    expect(sheetNames).toEqual([`${tag}^ALPHA`, `${tag}^BETA`]);

    await expect(
      api.file(CASES_API.exportCases, { ...filter, format: 'csv' }, { session: reception }),
    ).rejects.toMatchObject({ status: 403 });
    const theirs = await api.file(CASES_API.exportCases, { search: tag, format: 'csv' }, { session: outsider });
    expect(parse(Buffer.from(theirs.bytes), { bom: true })).toHaveLength(1); // the header only
    const invalid = await api
      .file(CASES_API.exportCases, { format: 'pdf' } as never, { session: admin })
      .catch((e) => e);
    expect(invalid).toBeInstanceOf(ApiError);
    expect((invalid as ApiError).status).toBe(400);
  });
});
