import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf } from '@rayworks/api-client';
import { AUTH_HEADERS, IMAGING_API, IMPORT_CALL_MESSAGES, type UserSession } from '@rayworks/contracts';
import {
  buildInstance,
  buildStudyFolder,
  eventually,
  everyRoleTenant,
  EVERY_ROLE_USERS,
  removeFixtures,
  stowBody,
  tenantQuery,
  writeZip,
  type BuiltInstance,
  type BuiltStudy,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';
import { base, dicomweb, loginAs, stow } from './dicomweb-support.js';
import { finished, uploadAndTrigger, type Caller } from '../support/imports.js';

/**
 * Issue 20, items 4, 11 and 12 — the one ingest rule (docs/decisions/0203-one-ingest-rule.md), against the real
 * stack: every role of a company of two centres (and a third of no group) sends, by STOW-RS and by a zip import,
 * a new instance of a study of centre c1 (group g) and one of a study of centre c3: each lands exactly where the
 * sender's reach includes the study, and is refused (STOW 0124, the import's skipped reason) elsewhere, the same
 * on both paths; a role that may not import gets 403 on both. Every role of a second company claiming the first
 * company's UIDs stores into its own company and changes nothing of the first's. An instance naming another
 * centre's SOP Instance UID is refused without naming that centre's study; an upload or a STOW-RS for a centre of
 * another company is refused and writes nothing.
 */
const client = new ApiClient({ baseUrl: base });
const FAILED = '00081198';
const REFERENCED = '00081199';
const SOP = '00081155';
const REASON = '00081197';
const NOT_AUTHORIZED = 0x0124;

type Json = Record<string, { vr: string; Value?: unknown[] }>;
const sopsOf = (json: Json, tag: string): string[] =>
  ((json[tag]?.Value ?? []) as Json[]).map((r) => r[SOP]!.Value![0] as string).sort();
const reasonsOf = (json: Json): number[] =>
  ((json[FAILED]?.Value ?? []) as Json[]).map((r) => r[REASON]!.Value![0] as number);

type Study = 's1' | 's3';
/**
 * Each role of EVERY_ROLE_USERS: may it import (WORKLIST › IMPORT), the centre its import names (its own), and the
 * studies it reaches: s1 is centre c1's (group g), s3 centre c3's (no group).
 */
const ROWS: [
  EveryRoleUser,
  { imports: boolean; placement?: ['g' | 'f' | null, 'c1' | 'c3' | 'hub']; reaches: Study[] },
][] = [
  ['admin', { imports: true, placement: ['g', 'c1'], reaches: ['s1', 's3'] }],
  ['rra', { imports: true, placement: ['g', 'c1'], reaches: ['s1', 's3'] }],
  ['group.admin', { imports: true, placement: ['g', 'c1'], reaches: ['s1'] }],
  ['gca', { imports: true, placement: ['g', 'c1'], reaches: ['s1'] }],
  ['centre.admin', { imports: true, placement: [null, 'c3'], reaches: ['s3'] }],
  ['reception', { imports: true, placement: ['g', 'c1'], reaches: ['s1'] }],
  ['radiologist', { imports: false, reaches: [] }],
  ['jr.radiologist', { imports: false, reaches: [] }],
  ['typist', { imports: false, reaches: [] }],
  ['mp.radiologist', { imports: false, reaches: [] }],
  ['fusion.admin', { imports: true, placement: ['f', 'hub'], reaches: [] }],
  ['fusion.centre', { imports: false, reaches: [] }],
  ['pathologist', { imports: false, reaches: [] }],
];

const instanceCount = async (tenantId: string, studyUid: string) =>
  (
    await tenantQuery<{ n: number }>(
      tenantId,
      `SELECT count(*)::int AS n FROM imaging.instances i JOIN imaging.studies s ON s.id = i.study_id
        WHERE s.study_instance_uid = $1`,
      [studyUid],
    )
  )[0]!.n;
const indexed = async (tenantId: string, sops: string[]) =>
  (
    await tenantQuery<{ sop_instance_uid: string }>(
      tenantId,
      `SELECT sop_instance_uid FROM imaging.instances WHERE sop_instance_uid = ANY($1)`,
      [sops],
    )
  )
    .map((r) => r.sop_instance_uid)
    .sort();

describe('the one ingest rule: import and STOW-RS, every role of two centres and two companies', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let dir: string;
  const studies = {} as Record<Study, BuiltStudy>;
  const sessions = new Map<string, UserSession>();
  const session = async (t: EveryRoleTenant, who: EveryRoleUser) => {
    const key = t.login(who);
    if (!sessions.has(key)) sessions.set(key, await loginAs(t, who));
    return sessions.get(key)!;
  };
  /** Imaging knows the company's groups and centres (auth.org.v1): a company-level upload names one of them. */
  const centresKnown = async (t: EveryRoleTenant) => {
    await eventually(
      async () =>
        (await tenantQuery<{ n: number }>(t.tenantId, `SELECT count(*)::int AS n FROM imaging.centres`))[0]!.n,
      (n) => n >= 6,
      { what: 'imaging knows the company’s groups and centres', timeoutMs: 60_000 },
    );
  };
  /** A new instance (new series) of each of these studies. */
  const newInstances = (label: string, of: Study[]) =>
    Promise.all(
      of.map((s) =>
        buildInstance(path.join(dir, label, s), {
          studyUid: studies[s].studyInstanceUid,
          patientName: studies[s].patientName,
          patientId: studies[s].patientId,
        }),
      ),
    );

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('reacha'), everyRoleTenant('reachb')]);
    dir = await mkdtemp(path.join(tmpdir(), 'ingest-reach-'));
    // one instance per row of the second company's table to claim (each row a SOP Instance UID of its own)
    studies.s1 = await buildStudyFolder(path.join(dir, 's1'), {
      series: [{ kind: 'mr-stack', copies: ROWS.length + 1 }],
      patientId: 'REACH-S1',
    });
    studies.s3 = await buildStudyFolder(path.join(dir, 's3'), { series: ['mr-stack'], patientId: 'REACH-S3' });
    expect((await stow(await session(a, 'reception'), studies.s1.files)).status).toBe(200);
    expect((await stow(await session(a, 'centre.admin'), studies.s3.files)).status).toBe(200);
    const placed = await tenantQuery<{ study_instance_uid: string; centre_id: string }>(
      a.tenantId,
      `SELECT study_instance_uid, centre_id FROM imaging.studies WHERE study_instance_uid = ANY($1)`,
      [[studies.s1.studyInstanceUid, studies.s3.studyInstanceUid]],
    );
    expect(Object.fromEntries(placed.map((p) => [p.study_instance_uid, p.centre_id]))).toEqual({
      [studies.s1.studyInstanceUid]: a.centres.c1,
      [studies.s3.studyInstanceUid]: a.centres.c3,
    });
  }, 180_000);

  afterAll(async () => {
    if (dir) await removeFixtures(dir);
  });

  it('covers every role of the every-role company', () => {
    expect(ROWS.map(([who]) => who).sort()).toEqual(Object.keys(EVERY_ROLE_USERS).sort());
  });

  it.each(ROWS)('STOW-RS by %s: instances join only the studies in its reach', async (who, row) => {
    const files = await newInstances(`stow-${who}`, ['s1', 's3']);
    const before = { s1: await instanceCount(a.tenantId, studies.s1.studyInstanceUid) };
    const res = await stow(
      await session(a, who),
      files.map((f) => f.path),
    );
    const sops = files.map((f) => f.sopInstanceUid);
    if (!row.imports) {
      expect(res.status).toBe(403);
      expect(await indexed(a.tenantId, sops)).toEqual([]);
      return;
    }
    const reached = (['s1', 's3'] as const)
      .map((s, i) => [s, files[i]!] as const)
      .filter(([s]) => row.reaches.includes(s));
    const refused = files.filter((f) => !reached.some(([, r]) => r === f));
    expect({ who, status: res.status }).toEqual({
      who,
      status: refused.length === 0 ? 200 : reached.length === 0 ? 409 : 202,
    });
    expect(sopsOf(res.json as Json, REFERENCED)).toEqual(reached.map(([, f]) => f.sopInstanceUid).sort());
    expect(sopsOf(res.json as Json, FAILED)).toEqual(refused.map((f) => f.sopInstanceUid).sort());
    expect(reasonsOf(res.json as Json).every((r) => r === NOT_AUTHORIZED)).toBe(true);
    expect(await indexed(a.tenantId, sops)).toEqual(reached.map(([, f]) => f.sopInstanceUid).sort());
    expect(await instanceCount(a.tenantId, studies.s1.studyInstanceUid)).toBe(
      before.s1 + (row.reaches.includes('s1') ? 1 : 0),
    );
  });

  it.each(ROWS)(
    'zip import by %s: the same rule as STOW-RS',
    async (who, row) => {
      const s = await session(a, who);
      const files = await newInstances(`zip-${who}`, ['s1', 's3']);
      const zipPath = path.join(dir, `zip-${who}.zip`);
      await writeZip(
        zipPath,
        files.map((f) => ({ name: f.relativePath, file: f.path })),
      );
      const [groupKey, centreKey] = row.placement ?? ['g', 'c1'];
      if (row.imports && (who === 'admin' || who === 'rra')) await centresKnown(a); // company-level: names a centre
      const caller: Caller = {
        credentials: credentialsOf(s),
        groupId: groupKey ? a.groups[groupKey] : undefined,
        centreId: a.centres[centreKey]!,
        userId: s._id,
      };
      if (!row.imports) {
        const refused = await client.reply(
          IMAGING_API.presignedUrl,
          {
            ...(caller.groupId ? { groupId: caller.groupId } : {}),
            centerId: caller.centreId,
            source: 'R2',
            studyId: '1.2',
            size: 10,
          },
          { session: caller.credentials },
        );
        expect(refused.status).toBe(403);
        return;
      }
      const { importId } = await uploadAndTrigger(caller, zipPath, '1.2.3');
      const done = await finished(caller, importId, 120_000);
      const reached = files.filter((_, i) => row.reaches.includes((['s1', 's3'] as const)[i]!));
      const refused = files.filter((f) => !reached.includes(f));
      expect({ who, state: done.state, stored: done.instancesStored }).toEqual({
        who,
        state: reached.length ? 'COMPLETED' : 'FAILED',
        stored: reached.length,
      });
      // the skipped list is in the order the files were done (they are ingested side by side): compare by path
      const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
      expect([...done.skipped].sort(byPath)).toEqual(
        refused.map((f) => ({ path: f.relativePath, reason: IMPORT_CALL_MESSAGES.studyOutOfReach })).sort(byPath),
      );
      if (!reached.length) expect(done.error).toBe(IMPORT_CALL_MESSAGES.noValidInstances);
      expect(
        await indexed(
          a.tenantId,
          files.map((f) => f.sopInstanceUid),
        ),
      ).toEqual(reached.map((f) => f.sopInstanceUid).sort());
    },
    150_000,
  );

  it.each(ROWS)(
    'STOW-RS by %s of another company claiming the first company’s UIDs: its own company’s, nothing of the first’s',
    async (who, row) => {
      const claimed = studies.s1.instances[ROWS.findIndex(([w]) => w === who) + 1]!;
      const before = await instanceCount(a.tenantId, studies.s1.studyInstanceUid);
      // another study of its own, with the SOP Instance UID of an instance of the first company
      const own = await buildInstance(path.join(dir, `b-${who}`), { sopUid: claimed.sopInstanceUid });
      const res = await stow(await session(b, who), [own.path]);
      expect({ who, status: res.status }).toEqual({ who, status: row.imports ? 200 : 403 });
      expect(JSON.stringify(res.json)).not.toContain(studies.s1.studyInstanceUid);
      expect(await instanceCount(a.tenantId, studies.s1.studyInstanceUid)).toBe(before);
      expect(await instanceCount(b.tenantId, own.studyInstanceUid)).toBe(row.imports ? 1 : 0);
    },
  );

  it('a STOW-RS naming another centre’s SOP Instance UID is refused without naming that centre’s study', async () => {
    const claimed: BuiltInstance = studies.s1.instances[0]!;
    const forged = await buildInstance(path.join(dir, 'forged'), { sopUid: claimed.sopInstanceUid });
    const res = await stow(await session(a, 'centre.admin'), [forged.path]);
    expect(res.status).toBe(409);
    expect(sopsOf(res.json as Json, FAILED)).toEqual([claimed.sopInstanceUid]);
    expect(reasonsOf(res.json as Json)).toEqual([NOT_AUTHORIZED]);
    const text = JSON.stringify(res.json);
    expect(text).not.toContain(studies.s1.studyInstanceUid);
    expect(text).not.toContain(claimed.seriesInstanceUid);
    expect(await instanceCount(a.tenantId, forged.studyInstanceUid)).toBe(0);
  });

  it('an upload for a centre of another company, or of another group, is refused and records nothing', async () => {
    await Promise.all([centresKnown(a), centresKnown(b)]);
    const admin = credentialsOf(await session(a, 'admin'));
    const imports = async () =>
      (await tenantQuery<{ n: number }>(a.tenantId, `SELECT count(*)::int AS n FROM imaging.imports`))[0]!.n;
    const before = await imports();
    const query = { source: 'R2' as const, studyId: '1.2.3', size: 100 };
    const foreign = await client.reply(
      IMAGING_API.presignedUrl,
      { ...query, groupId: b.groups.g, centerId: b.centres.c1 },
      { session: admin },
    );
    expect({ status: foreign.status, message: foreign.body.message }).toEqual({
      status: 403,
      message: IMPORT_CALL_MESSAGES.unknownCentre,
    });
    const noGroup = await client.reply(
      IMAGING_API.presignedUrl,
      { ...query, centerId: b.centres.c3 },
      { session: admin },
    );
    expect(noGroup.status).toBe(403);
    const wrongGroup = await client.reply(
      IMAGING_API.presignedUrl,
      { ...query, groupId: a.groups.f, centerId: a.centres.c1 },
      { session: admin },
    );
    expect({ status: wrongGroup.status, message: wrongGroup.body.message }).toEqual({
      status: 400,
      message: IMPORT_CALL_MESSAGES.centreNotInGroup,
    });
    const reception = credentialsOf(await session(a, 'reception'));
    const notHeld = await client.reply(
      IMAGING_API.presignedUrl,
      { ...query, groupId: b.groups.g, centerId: b.centres.c1 },
      { session: reception },
    );
    expect({ status: notHeld.status, message: notHeld.body.message }).toEqual({
      status: 403,
      message: IMPORT_CALL_MESSAGES.notYourCentre,
    });
    expect(await imports()).toBe(before);
    // the company's own centre is accepted
    const own = await client.reply(
      IMAGING_API.presignedUrl,
      { ...query, groupId: a.groups.g, centerId: a.centres.c1 },
      { session: admin },
    );
    expect(own.status).toBe(200);
  });

  it('a STOW-RS of a company admin for a centre of another company is refused and stores nothing', async () => {
    await Promise.all([centresKnown(a), centresKnown(b)]);
    const file = await buildInstance(path.join(dir, 'foreign-centre'));
    const { body, contentType } = await stowBody([file.path]);
    const res = await fetch(`${dicomweb}/studies`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${(await session(a, 'admin')).token}`,
        'Content-Type': contentType,
        Accept: 'application/dicom+json',
        [AUTH_HEADERS.centerIds]: b.centres.c1!,
      },
      body: new Uint8Array(body),
    });
    expect(res.status).toBe(403);
    expect(await indexed(a.tenantId, [file.sopInstanceUid])).toEqual([]);
    // naming its own centre, the study is that centre's and its group's
    const mine = await buildInstance(path.join(dir, 'own-centre'));
    const { body: b2, contentType: c2 } = await stowBody([mine.path]);
    const ok = await fetch(`${dicomweb}/studies`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${(await session(a, 'admin')).token}`,
        'Content-Type': c2,
        Accept: 'application/dicom+json',
        [AUTH_HEADERS.centerIds]: a.centres.c2!,
      },
      body: new Uint8Array(b2),
    });
    expect(ok.status).toBe(200);
    const [row] = await tenantQuery<{ group_id: string; centre_id: string }>(
      a.tenantId,
      `SELECT group_id, centre_id FROM imaging.studies WHERE study_instance_uid = $1`,
      [mine.studyInstanceUid],
    );
    expect(row).toEqual({ group_id: a.groups.g, centre_id: a.centres.c2 });
  });
});
