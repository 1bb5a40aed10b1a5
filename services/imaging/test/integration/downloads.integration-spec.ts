import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import yauzl from 'yauzl';
import { ApiClient, credentialsOf, loginHeaders } from '@rayworks/api-client';
import {
  AUTH_API,
  GATEWAY_PORT,
  IMAGING_API,
  REALTIME_PATH,
  type Download,
  type DownloadState,
  type DownloadStateMessage,
  type UserSession,
} from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS } from '@rayworks/nest-kit';
import {
  buildStudyFolder,
  eventually,
  everyRoleTenant,
  tenantQuery,
  TEST_PASSWORD,
  type EveryRoleTenant,
} from '@rayworks/testing';
import { DOWNLOAD_MESSAGES } from '../../src/modules/downloads/downloads.errors.js';
import { DOWNLOAD_LINK_TTL_SECONDS, zipEntryName } from '../../src/modules/downloads/downloads.policy.js';
import { archiveStudy, testStorage, type ArchivedStudy } from '../support/archive-study.js';

/**
 * Study downloads and links against the running system (gateway, imaging API and worker, PostgreSQL, Redis, Kafka,
 * MinIO), in companies of their own: the states arrive in order over socket.io and are kept on the row, the zip holds
 * the stored instances byte for byte, a fresh zip is reused, a missing object fails clearly and a retry recovers,
 * another company reaches nothing, links expire.
 */
const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
const api = new ApiClient({ baseUrl: base });
const storage = testStorage();
const run = promisify(execFile);

const SUCCESS: DownloadState[] = ['DWN_INIT', 'DWN_STRT', 'DWN_DONE', 'ZIP_STRT', 'ZIP_DONE', 'READY'];

const signIn = (t: EveryRoleTenant, who: 'admin' | 'centre.admin'): Promise<UserSession> =>
  api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) });

/** A socket.io client of the user at the gateway's /realtime, collecting the download states pushed to it. */
async function listen(session: UserSession): Promise<{ socket: Socket; states: DownloadStateMessage[] }> {
  const socket = io(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { token: session.token, sessionToken: session.sessionToken },
  });
  const states: DownloadStateMessage[] = [];
  socket.on('imaging:download-state', (message) => states.push(message));
  await new Promise<void>((resolve, reject) => {
    socket.on('system:hello', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, states };
}

/** Opens a zip with yauzl: every entry's name and bytes. */
async function readZip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer)(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', resolve);
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
    });
    file.readEntry();
  });
  return entries;
}

describe('study downloads and links', () => {
  let t: EveryRoleTenant;
  let other: EveryRoleTenant;
  let admin: UserSession;
  let study: ArchivedStudy;
  let work: string;
  const as = (session: UserSession) => ({ session: credentialsOf(session) });

  const rowOf = async (id: string) =>
    (
      await tenantQuery<{ state: DownloadState; error: string | null; history: { state: DownloadState }[] }>(
        t.tenantId,
        `SELECT state, error, history FROM imaging.downloads WHERE id = $1`,
        [id],
      )
    )[0]!;
  const finished = (id: string, session = admin) =>
    eventually(
      () => api.call(IMAGING_API.getDownload, { downloadId: id }, as(session)),
      (d) => d.state === 'READY' || d.state === 'DWN_FAIL' || d.state === 'ZIP_FAIL',
      { what: `download ${id} to finish` },
    );

  beforeAll(async () => {
    [t, other] = await Promise.all([everyRoleTenant('dl'), everyRoleTenant('dlx')]);
    admin = await signIn(t, 'admin');
    work = await mkdtemp(join(tmpdir(), 'rayworks-dl-'));
    // a real multi-series study (CT, CT JPEG 2000, MR in three transfer syntaxes, MR RLE/J2K/JPEG-LS, SC)
    study = await archiveStudy(
      t.tenantId,
      { groupId: t.groups.g!, centreId: t.centres.c1! },
      await buildStudyFolder(join(work, 'study')),
    );
  }, 120_000);

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  let first: Download;

  it('passes DWN_INIT → DWN_STRT → DWN_DONE → ZIP_STRT → ZIP_DONE → READY, pushed to the user in order and kept on the row', async () => {
    const { socket, states } = await listen(admin);
    try {
      first = await api.call(IMAGING_API.downloadZip, { studyInstanceUid: study.studyInstanceUid }, as(admin));
      expect(first).toMatchObject({ studyInstanceUid: study.studyInstanceUid, state: 'DWN_INIT', url: null });
      const mine = () => states.filter((s) => s.downloadId === first._id);
      await eventually(
        async () => mine().map((s) => s.state),
        (seen) => seen.includes('READY'),
        { what: 'READY over socket.io' },
      );
      expect(mine().map((s) => s.state)).toEqual(SUCCESS);
      const ready = mine().at(-1)!;
      expect(ready.url).toMatch(/^http/);
      expect(ready.error).toBeNull();
      const row = await rowOf(first._id);
      expect(row.state).toBe('READY');
      expect(row.history.map((h) => h.state)).toEqual(SUCCESS);
    } finally {
      socket.close();
    }
  });

  it('READY links a zip whose entries are Study/Series/SOP.dcm and equal the stored instances byte for byte', async () => {
    const ready = await api.call(IMAGING_API.getDownload, { downloadId: first._id }, as(admin));
    expect(ready.state).toBe('READY');
    expect(new URL(ready.url!).searchParams.get('X-Amz-Expires')).toBe(String(DOWNLOAD_LINK_TTL_SECONDS));
    const res = await fetch(ready.url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${study.studyInstanceUid}.zip"`);
    const zip = Buffer.from(await res.arrayBuffer());
    expect(ready.sizeBytes).toBe(zip.length);

    const entries = await readZip(zip);
    expect([...entries.keys()].sort()).toEqual(
      study.instances.map((i) => zipEntryName(study.studyInstanceUid, i.seriesInstanceUid, i.sopInstanceUid)).sort(),
    );
    for (const instance of study.instances) {
      const name = zipEntryName(study.studyInstanceUid, instance.seriesInstanceUid, instance.sopInstanceUid);
      expect(entries.get(name)!.equals(await storage.get(instance.storageKey))).toBe(true);
      expect(entries.get(name)!.equals(instance.bytes)).toBe(true);
    }
    // and an independent reader agrees (Info-ZIP's unzip tests every entry's CRC)
    const path = join(work, 'study.zip');
    await writeFile(path, zip);
    const { stdout } = await run('unzip', ['-t', path]);
    expect(stdout).toContain('No errors detected');
  });

  it('reuses the fresh zip (READY at once, a new link), but not once it has expired', async () => {
    const again = await api.call(IMAGING_API.downloadZip, { studyInstanceUid: study.studyInstanceUid }, as(admin));
    expect(again).toMatchObject({ _id: first._id, state: 'READY' });
    expect((await fetch(again.url!)).status).toBe(200);
    expect(
      await tenantQuery(t.tenantId, `SELECT count(*)::int AS n FROM imaging.downloads WHERE study_id = $1`, [
        study.studyId,
      ]),
    ).toEqual([{ n: 1 }]);

    await tenantQuery(
      t.tenantId,
      `UPDATE imaging.downloads SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [first._id],
    );
    const expired = await api.call(IMAGING_API.getDownload, { downloadId: first._id }, as(admin));
    expect(expired).toMatchObject({ state: 'READY', url: null });
    const fresh = await api.call(IMAGING_API.downloadZip, { studyInstanceUid: study.studyInstanceUid }, as(admin));
    expect(fresh._id).not.toBe(first._id);
    expect(fresh.state).toBe('DWN_INIT');
    expect((await finished(fresh._id)).state).toBe('READY');
  });

  it('records every zip asked for as an export in the audit log', async () => {
    const rows = await tenantQuery<{ action: string; target_id: string; actor_id: string }>(
      t.tenantId,
      `SELECT action, target_id, actor_id FROM imaging.audit_log WHERE target_id = $1 AND action = $2`,
      [study.studyId, KIT_AUDIT_ACTIONS.export],
    );
    expect(rows.length).toBe(3);
    expect(rows.every((r) => r.actor_id === admin._id)).toBe(true);
  });

  it('a study with an object missing from the store ends DWN_FAIL with a clear error; a retry after fixing it ends READY', async () => {
    const broken = await archiveStudy(
      t.tenantId,
      { groupId: t.groups.g!, centreId: t.centres.c2! },
      await buildStudyFolder(join(work, 'broken'), { series: ['ct', 'mr'] }),
    );
    const lost = broken.instances.at(-1)!;
    await storage.delete(lost.storageKey);
    const { socket, states } = await listen(admin);
    try {
      const started = await api.call(IMAGING_API.downloadZip, { studyInstanceUid: broken.studyInstanceUid }, as(admin));
      const failed = await finished(started._id);
      expect(failed).toMatchObject({
        state: 'DWN_FAIL',
        url: null,
        error: DOWNLOAD_MESSAGES.missingInstance(lost.sopInstanceUid, lost.seriesInstanceUid),
      });
      await eventually(
        async () => states.filter((s) => s.downloadId === started._id).map((s) => s.state),
        (seen) => seen.includes('DWN_FAIL'),
        { what: 'DWN_FAIL over socket.io' },
      );
      expect(states.filter((s) => s.downloadId === started._id).map((s) => [s.state, s.error])).toEqual([
        ['DWN_INIT', null],
        ['DWN_STRT', null],
        ['DWN_FAIL', failed.error],
      ]);

      // only a failed download can be retried
      const notFailed = await api.reply(IMAGING_API.retryDownload, { downloadId: first._id }, as(admin));
      expect(notFailed.status).toBe(409);
      expect(notFailed.body.message).toBe(DOWNLOAD_MESSAGES.notRetryable);

      await storage.put(lost.storageKey, lost.bytes, 'application/dicom');
      const retried = await api.call(IMAGING_API.retryDownload, { downloadId: started._id }, as(admin));
      expect(retried).toMatchObject({ _id: started._id, state: 'DWN_INIT', error: null });
      expect(await finished(started._id)).toMatchObject({ state: 'READY', error: null });
      await eventually(
        async () => states.filter((s) => s.downloadId === started._id).map((s) => s.state),
        (seen) => seen.includes('READY'),
        { what: 'READY over socket.io after the retry' },
      );
      expect(states.filter((s) => s.downloadId === started._id).map((s) => s.state)).toEqual([
        'DWN_INIT',
        'DWN_STRT',
        'DWN_FAIL',
        ...SUCCESS,
      ]);
      expect((await rowOf(started._id)).history.map((h) => h.state)).toEqual([
        'DWN_INIT',
        'DWN_STRT',
        'DWN_FAIL',
        ...SUCCESS,
      ]);
      const zip = await readZip(Buffer.from(await (await fetch((await finished(started._id)).url!)).arrayBuffer()));
      expect(zip.size).toBe(broken.instances.length);
    } finally {
      socket.close();
    }
  });

  it('gives short-lived links to every instance of a study and to one instance, each reading its stored bytes, audited as reads', async () => {
    const links = await api.call(IMAGING_API.dicomUrl, { studyInstanceUid: study.studyInstanceUid }, as(admin));
    expect(links.instances.map((l) => l.sopInstanceUid).sort()).toEqual(
      study.instances.map((i) => i.sopInstanceUid).sort(),
    );
    expect(Date.parse(links.expiresAt)).toBeGreaterThan(Date.now());
    for (const link of links.instances) {
      const instance = study.instances.find((i) => i.sopInstanceUid === link.sopInstanceUid)!;
      expect(link.seriesInstanceUid).toBe(instance.seriesInstanceUid);
      expect(new URL(link.url).searchParams.get('X-Amz-Expires')).toBe(String(DOWNLOAD_LINK_TTL_SECONDS));
      const res = await fetch(link.url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(instance.bytes)).toBe(true);
    }
    const one = study.instances[3]!;
    const link = await api.call(
      IMAGING_API.presignedInstanceUrl,
      { studyInstanceUid: study.studyInstanceUid, sopInstanceUid: one.sopInstanceUid },
      as(admin),
    );
    const res = await fetch(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${one.sopInstanceUid}.dcm"`);
    expect(Buffer.from(await res.arrayBuffer()).equals(one.bytes)).toBe(true);

    const reads = await tenantQuery<{ n: number }>(
      t.tenantId,
      `SELECT count(*)::int AS n FROM imaging.audit_log WHERE target_id = $1 AND action = $2`,
      [study.studyId, KIT_AUDIT_ACTIONS.patientDataRead],
    );
    expect(reads).toEqual([{ n: 2 }]);
  });

  it('answers 404 for all five calls to another company, and to a user of the company whose centres do not hold the study', async () => {
    const stranger = await signIn(other, 'admin');
    const outsider = await signIn(t, 'centre.admin');
    const uid = study.studyInstanceUid;
    const sop = study.instances[0]!.sopInstanceUid;
    for (const session of [stranger, outsider]) {
      const answers = await Promise.all([
        api.reply(IMAGING_API.downloadZip, { studyInstanceUid: uid }, as(session)),
        api.reply(IMAGING_API.getDownload, { downloadId: first._id }, as(session)),
        api.reply(IMAGING_API.retryDownload, { downloadId: first._id }, as(session)),
        api.reply(IMAGING_API.dicomUrl, { studyInstanceUid: uid }, as(session)),
        api.reply(IMAGING_API.presignedInstanceUrl, { studyInstanceUid: uid, sopInstanceUid: sop }, as(session)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    }
    // and nothing was started for them
    expect(await tenantQuery(other.tenantId, `SELECT count(*)::int AS n FROM imaging.downloads`, [])).toEqual([
      { n: 0 },
    ]);
  });

  it('links expire: a presigned GET of the zip signed for a few seconds answers 403 after them', async () => {
    const [row] = await tenantQuery<{ zip_key: string }>(
      t.tenantId,
      `SELECT zip_key FROM imaging.downloads WHERE id = $1`,
      [first._id],
    );
    // a few seconds, so that the first GET is inside them on a busy machine too
    const url = await storage.presignGet(row!.zip_key, 5, { downloadName: 'study.zip' });
    expect((await fetch(url)).status).toBe(200);
    const expired = await eventually(
      async () => {
        const res = await fetch(url);
        return { status: res.status, text: await res.text() };
      },
      (answer) => answer.status !== 200,
      { what: 'the link to expire', intervalMs: 500 },
    );
    expect(expired.status).toBe(403);
    expect(expired.text).toMatch(/expired/i);
  });
});
