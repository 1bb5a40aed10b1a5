import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  ANNOTATION_KINDS,
  AUTH_API,
  CASES_API,
  DEFAULT_ROLE_PRIVILEGES,
  grantsAllow,
  REALTIME_PATH,
  requirement,
  GENERIC,
  type Case,
  type CaseChangedMessage,
  type CaseCommentAddedMessage,
  type PatientHistoryEntry,
  type RoleCode,
  type ViewerOpen,
} from '@rayworks/contracts';
import { StudyTokens } from '@rayworks/nest-kit';
import {
  EVERY_ROLE_USERS,
  eventually,
  localViewerTokenSecret,
  marketplaceRadiologist,
  type EveryRoleUser,
  type TestPlatformOperator,
} from '@rayworks/testing';
import { io, type Socket } from 'socket.io-client';
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
 * Patient data inside a company, against the running system (issue 20; docs/decisions/0218, 0219): every role of a
 * company with two centres of a group (c1, c2), an individual centre (c3) and a fusion hub, and a second company, over
 * the viewer's priors and study token, the patient's history, the centres' settings and the live updates.
 * The same Patient ID is stored at c1, c2, c3 and in the other company: four patients, never one.
 */
type Who = EveryRoleUser | 'radiologist2' | 'b.admin' | 'b.gca' | 'b.radiologist' | 'mp';
const A_ROLES = [...(Object.keys(EVERY_ROLE_USERS) as EveryRoleUser[]).filter((w) => w !== 'mp.radiologist')];
const EVERYONE: Who[] = [...A_ROLES, 'radiologist2', 'b.admin', 'b.gca', 'b.radiologist', 'mp'];

describe('patient data by reach: priors, history, settings, live updates', () => {
  let a: ActionsTenant;
  let b: ActionsTenant;
  let mp: TestPlatformOperator;
  const events = new StudyEvents();
  const s = {} as Record<Who, Credentials>;
  const P = `RCH-${Date.now()}`;
  /** Patient P's cases: X (c1, assigned to the radiologist), Y (c1, older), Z (c2), V (c3), W (company b). */
  let X: Case, Y: Case, Z: Case, V: Case, W: Case;
  /** An offered case (Q, c1) and the same patient's case that was never offered (Qp). */
  let Q: Case, Qp: Case;
  /** A case sent to the fusion hub (F, c1) and the same patient's case that was not (Fp). */
  let F: Case, Fp: Case;

  const open = (who: Who, c: Case) => api.reply(CASES_API.openViewer, { caseId: c._id }, { session: s[who] });
  const history = (who: Who, c: Case) =>
    api.reply(CASES_API.findPatientHistory, { caseId: c._id }, { session: s[who] });
  const addHistory = async (who: Who, c: Case, text: string) =>
    api.call(CASES_API.createPatientHistory, { caseId: c._id, text }, { session: s[who] });
  const studyOf = (c: Case) => c.studyInstanceUid!;

  beforeAll(async () => {
    [a, b, mp] = await Promise.all([
      actionsTenant('reach-a'),
      actionsTenant('reach-b'),
      marketplaceRadiologist('reach'),
    ]);
    await events.start();
    const signInA = (who: EveryRoleUser | 'radiologist2') => signIn(a, who);
    await Promise.all([
      ...A_ROLES.map(async (who) => (s[who] = await signInA(who))),
      signInA('radiologist2').then((c) => (s.radiologist2 = c)),
      signIn(b, 'admin').then((c) => (s['b.admin'] = c)),
      signIn(b, 'gca').then((c) => (s['b.gca'] = c)),
      signIn(b, 'radiologist').then((c) => (s['b.radiologist'] = c)),
      api
        .call(AUTH_API.login, {}, { headers: loginHeaders(mp.loginName, mp.password) })
        .then((u) => (s.mp = credentialsOf(u))),
    ]);
    await usersKnown(a, [a.users[a.login('radiologist')]!]);
    const at = async (t: ActionsTenant, centre: 'c1' | 'c2' | 'c3', patientId: string, studyDate: string) =>
      caseOf(t === a ? s.admin : s['b.admin'], await arrive(events, t, centre, { patientId, studyDate }));
    [X, Y, Z, V, W] = await Promise.all([
      at(a, 'c1', P, '20260301'),
      at(a, 'c1', P, '20250301'),
      at(a, 'c2', P, '20240301'),
      at(a, 'c3', P, '20230301'),
      at(b, 'c1', P, '20220301'),
    ]);
    const assigned = await api.call(
      CASES_API.assignCases,
      { cases: [{ _id: X._id, version: X.version }], radiologistId: a.users[a.login('radiologist')]! },
      { session: s.admin },
    );
    X = assigned.results[0]!.case!;
    // an offer: Q is offered, Qp (the same patient, the same centre) is not
    [Q, Qp] = await Promise.all([at(a, 'c1', `${P}-Q`, '20260201'), at(a, 'c1', `${P}-Q`, '20250201')]);
    Q = (await api.call(CASES_API.offerToMarketplace, { _id: Q._id, version: Q.version }, { session: s.admin })).case;
    // a fusion send inside the company: F goes to the hub, Fp (the same patient) does not
    await api.call(
      CASES_API.createFusionContract,
      { senderGroupId: a.groups.g!, fusionCentreId: a.centres.hub! },
      { session: s.admin },
    );
    [F, Fp] = await Promise.all([at(a, 'c1', `${P}-F`, '20260105'), at(a, 'c1', `${P}-F`, '20250105')]);
    F = await api.call(
      CASES_API.fusionSend,
      { _id: F._id, version: F.version, fusionCentreId: a.centres.hub! },
      { session: s.admin },
    );
  }, 180_000);

  afterAll(async () => {
    await events.stop();
  });

  describe('viewer priors and the study token (item 1)', () => {
    const tokens = () => new StudyTokens(localViewerTokenSecret());
    /** Who opens X (c1, assigned to the radiologist) and which priors it gets: the same patient is c1's P only. */
    const OPEN_X: [Who, 200 | 403 | 404, 'Y' | 'none'][] = [
      ['admin', 200, 'Y'],
      ['rra', 200, 'Y'],
      ['group.admin', 200, 'Y'],
      ['gca', 200, 'Y'],
      ['centre.admin', 404, 'none'],
      ['reception', 200, 'none'], // no WORKLIST › COMPARE_STUDIES
      ['radiologist', 200, 'Y'], // the assignee, of c1: the patient's other cases of its centre
      ['radiologist2', 404, 'none'],
      ['jr.radiologist', 404, 'none'],
      ['typist', 404, 'none'],
      ['pathologist', 403, 'none'], // no WORKLIST › VIEW
      ['fusion.admin', 404, 'none'],
      ['fusion.centre', 404, 'none'],
      ['mp', 404, 'none'],
      ['b.admin', 404, 'none'],
      ['b.gca', 404, 'none'],
      ['b.radiologist', 404, 'none'],
    ];

    it.each(OPEN_X)(
      "%s opens case X: %i, priors of the same patient's centre only; the token names nothing more",
      async (who, status, prior) => {
        const reply = await open(who, X);
        expect(reply.status).toBe(status);
        if (status !== 200) return;
        const opened = reply.body.data as ViewerOpen;
        const expected = prior === 'Y' ? [studyOf(Y)] : [];
        expect(opened.priors.map((p) => p.studyInstanceUid)).toEqual(expected);
        const claims = await tokens().verify(opened.dicomweb.token);
        expect([...claims.studies].sort()).toEqual([studyOf(X), ...expected].sort());
      },
    );

    it('the same Patient ID at another centre is another patient: no priors across centres, either way', async () => {
      for (const [who, c] of [
        ['admin', Z],
        ['group.admin', Z],
        ['admin', V],
        ['centre.admin', V],
      ] as const) {
        const opened = (await open(who, c)).body.data as ViewerOpen;
        expect({ who, case: c.centreId, priors: opened.priors }).toEqual({ who, case: c.centreId, priors: [] });
        expect((await tokens().verify(opened.dicomweb.token)).studies).toEqual([studyOf(c)]);
      }
      // and company b's case of the same Patient ID is never company a's prior
      const inB = (await open('b.admin', W)).body.data as ViewerOpen;
      expect(inB.priors).toEqual([]);
    });

    it('a marketplace radiologist gets no prior it was never offered; the company sees it', async () => {
      const byMp = (await open('mp', Q)).body.data as ViewerOpen;
      expect(byMp.priors).toEqual([]);
      expect((await tokens().verify(byMp.dicomweb.token)).studies).toEqual([studyOf(Q)]);
      const byAdmin = (await open('admin', Q)).body.data as ViewerOpen;
      expect(byAdmin.priors.map((p) => p.studyInstanceUid)).toEqual([studyOf(Qp)]);
    });

    it('the fusion side gets no prior that was not sent to it', async () => {
      const byFusion = (await open('fusion.admin', F)).body.data as ViewerOpen;
      expect(byFusion.priors).toEqual([]);
      expect((await tokens().verify(byFusion.dicomweb.token)).studies).toEqual([studyOf(F)]);
      const byAdmin = (await open('admin', F)).body.data as ViewerOpen;
      expect(byAdmin.priors.map((p) => p.studyInstanceUid)).toEqual([studyOf(Fp)]);
    });

    it("a measurement is saved on a prior the caller may read, never on another centre's study of the same Patient ID", async () => {
      const annotation = (studyInstanceUid: string) => ({
        id: randomUUID(),
        kind: ANNOTATION_KINDS[0],
        toolName: 'Length',
        studyInstanceUid,
        seriesInstanceUid: '1.2.3',
        sopInstanceUid: '1.2.3.4',
        frameNumber: null,
        label: '',
        value: '1 mm',
        data: {},
      });
      const save = (who: Who, on: Case, study: string) =>
        api.reply(CASES_API.saveViewerAnnotation, { caseId: on._id, annotation: annotation(study) } as never, {
          session: s[who],
        });
      expect((await save('admin', X, studyOf(Y))).status).toBe(200);
      expect((await save('admin', X, studyOf(Z))).status).toBe(400);
      expect((await save('mp', Q, studyOf(Qp))).status).toBe(400);
    });
  });

  describe("the patient's history (item 2)", () => {
    let hX: PatientHistoryEntry, hY: PatientHistoryEntry, hZ: PatientHistoryEntry, hQp: PatientHistoryEntry;

    beforeAll(async () => {
      hX = await addHistory('gca', X, 'written at c1 on X');
      hY = await addHistory('admin', Y, 'written at c1 on Y');
      hZ = await addHistory('group.admin', Z, 'written at c2 on Z');
      await addHistory('centre.admin', V, 'written at c3 on V');
      await addHistory('b.admin', W, 'written in company b');
      hQp = await addHistory('admin', Qp, 'written at c1 on Qp');
    });

    /** Who reads X's patient's history: the entries of c1's P (X and Y), never c2's, c3's or company b's. */
    const FIND_X: [Who, 200 | 403 | 404][] = [
      ['admin', 200],
      ['rra', 200],
      ['group.admin', 200],
      ['gca', 200],
      ['centre.admin', 404],
      ['reception', 200],
      ['radiologist', 200],
      ['radiologist2', 404],
      ['jr.radiologist', 404],
      ['typist', 404],
      ['pathologist', 403],
      ['fusion.admin', 404],
      ['fusion.centre', 404],
      ['mp', 404],
      ['b.admin', 404],
      ['b.gca', 404],
      ['b.radiologist', 404],
    ];

    it.each(FIND_X)("%s reads case X's patient history: %i, the centre's patient only", async (who, status) => {
      const reply = await history(who, X);
      expect(reply.status).toBe(status);
      if (status === 200)
        expect((reply.body.data as PatientHistoryEntry[]).map((e) => e._id).sort()).toEqual([hX._id, hY._id].sort());
    });

    it("another centre's patient of the same Patient ID has its own history", async () => {
      const ofZ = (await history('group.admin', Z)).body.data as PatientHistoryEntry[];
      expect(ofZ.map((e) => e._id)).toEqual([hZ._id]);
      const ofV = (await history('centre.admin', V)).body.data as PatientHistoryEntry[];
      expect(ofV.map((e) => e.text)).toEqual(['written at c3 on V']);
      const ofW = (await history('b.admin', W)).body.data as PatientHistoryEntry[];
      expect(ofW.map((e) => e.text)).toEqual(['written in company b']);
    });

    it("a marketplace radiologist reads the offered case's patient's history at its centre, nothing else", async () => {
      const reply = await history('mp', Q);
      expect(reply.status).toBe(200);
      expect((reply.body.data as PatientHistoryEntry[]).map((e) => e._id)).toEqual([hQp._id]);
    });

    it("another centre's entry cannot be edited or deleted through this patient's case (404), and is unchanged", async () => {
      const edit = await api.reply(
        CASES_API.updatePatientHistory,
        { caseId: X._id, _id: hZ._id, text: 'overwritten from c1', version: hZ.version },
        { session: s.admin },
      );
      expect(edit.status).toBe(404);
      const del = await api.reply(CASES_API.deletePatientHistory, { caseId: X._id, _id: hZ._id }, { session: s.admin });
      expect(del.status).toBe(404);
      const ofZ = (await history('group.admin', Z)).body.data as PatientHistoryEntry[];
      expect(ofZ).toEqual([expect.objectContaining({ _id: hZ._id, text: 'written at c2 on Z', version: hZ.version })]);
      // the same patient's entry written on another of its cases is editable through this one
      const ok = await api.reply(
        CASES_API.updatePatientHistory,
        { caseId: X._id, _id: hY._id, text: 'edited through X', version: hY.version },
        { session: s.admin },
      );
      expect(ok.status).toBe(200);
    });
  });

  describe("the centres' worklist settings", () => {
    /** Who may read centre c1's settings: its privilege (403 without), then its reach (404 outside it). */
    const REACH_C1: Partial<Record<Who, boolean>> = {
      admin: true,
      rra: true,
      'group.admin': true,
      gca: true,
      reception: true,
      radiologist: true,
      'jr.radiologist': true,
      typist: true,
    };
    const roleOf = (who: Who): RoleCode | null =>
      who in EVERY_ROLE_USERS
        ? EVERY_ROLE_USERS[who as EveryRoleUser].role
        : who === 'radiologist2'
          ? 'CENTER_RADIOLOGIST'
          : null;

    it.each(A_ROLES)("%s reads centre c1's settings only within its reach; never another company's", async (who) => {
      const reply = await api.reply(CASES_API.getCentreSettings, { centreId: a.centres.c1! }, { session: s[who] });
      const role = roleOf(who)!;
      const privileged = grantsAllow(DEFAULT_ROLE_PRIVILEGES[role], requirement('CENTERS', GENERIC.VIEW));
      const expected = !privileged ? 403 : REACH_C1[who] ? 200 : 404;
      expect({ who, status: reply.status }).toEqual({ who, status: expected });
      const other = await api.reply(CASES_API.getCentreSettings, { centreId: b.centres.c1! }, { session: s[who] });
      expect({ who, other: other.status }).toEqual({ who, other: privileged ? 404 : 403 });
    });
  });

  describe('live updates reach exactly who may read the case (item 7)', () => {
    const sockets = new Map<Who, Socket>();
    const heard = new Map<Who, (CaseChangedMessage | CaseCommentAddedMessage)[]>();

    beforeAll(async () => {
      await Promise.all(
        EVERYONE.map(
          (who) =>
            new Promise<void>((resolve, reject) => {
              const socket = io(base, {
                path: REALTIME_PATH,
                transports: ['websocket'],
                reconnection: false,
                auth: { token: s[who].token, sessionToken: s[who].sessionToken },
              });
              heard.set(who, []);
              socket.on('cases:case-changed', (m) => heard.get(who)!.push(m));
              socket.on('cases:comment-added', (m) => heard.get(who)!.push(m));
              socket.on('system:hello', () => resolve());
              socket.on('connect_error', reject);
              sockets.set(who, socket);
            }),
        ),
      );
    }, 60_000);

    afterAll(() => {
      for (const socket of sockets.values()) socket.close();
    });

    /** Waits for the expected hearers, then a moment more, and answers everyone who heard the case (sorted). */
    async function hearersOf(caseId: string, type: string, expected: readonly Who[]): Promise<Who[]> {
      const who = () =>
        EVERYONE.filter((w) =>
          heard.get(w)!.some((m) => m.caseId === caseId && ('type' in m ? m.type === type : type === 'comment')),
        ).sort();
      await eventually(
        async () => who(),
        (w) => expected.every((e) => w.includes(e)),
        {
          what: `${type} of ${caseId} heard by ${expected.join(', ')}`,
        },
      );
      // anyone else would have heard it by now: the pushes left together
      await new Promise((r) => setTimeout(r, 1500));
      return who();
    }
    const sorted = (...who: Who[]) => [...who].sort();

    it("a case arriving at c2, then assigned: c2's side and then its radiologist; no one of c1, c3, the hub or company b", async () => {
      const id = await arrive(events, a, 'c2', { patientId: `${P}-LIVE` });
      const centreSide = sorted('admin', 'rra', 'group.admin', 'pathologist');
      expect(await hearersOf(id, 'CaseCreated', centreSide)).toEqual(centreSide);
      const c = await caseOf(s.admin, id);
      await api.call(
        CASES_API.assignCases,
        { cases: [{ _id: c._id, version: c.version }], radiologistId: a.users[a.login('radiologist')]! },
        { session: s.admin },
      );
      const withRadiologist = sorted(...centreSide, 'radiologist');
      expect(await hearersOf(id, 'CaseAssigned', withRadiologist)).toEqual(withRadiologist);
      await api.call(CASES_API.addComment, { caseId: id, text: 'live' }, { session: s.admin });
      expect(await hearersOf(id, 'comment', withRadiologist)).toEqual(withRadiologist);
    });

    it('an offer to the marketplace: the centre side and the marketplace radiologists', async () => {
      const c = await caseOf(s.admin, await arrive(events, a, 'c3', { patientId: `${P}-MP` }));
      await api.call(CASES_API.offerToMarketplace, { _id: c._id, version: c.version }, { session: s.admin });
      const expected = sorted('admin', 'rra', 'centre.admin', 'mp');
      expect(await hearersOf(c._id, 'CaseOffered', expected)).toEqual(expected);
    });

    it("a send to the fusion hub: c1's side and the hub's users", async () => {
      const c = await caseOf(s.admin, await arrive(events, a, 'c1', { patientId: `${P}-FUS` }));
      await api.call(
        CASES_API.fusionSend,
        { _id: c._id, version: c.version, fusionCentreId: a.centres.hub! },
        { session: s.admin },
      );
      const expected = sorted('admin', 'rra', 'group.admin', 'gca', 'reception', 'fusion.admin', 'fusion.centre');
      expect(await hearersOf(c._id, 'CaseSentToFusion', expected)).toEqual(expected);
    });
  });
});
