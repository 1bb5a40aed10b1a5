import { request, type ClientRequest } from 'node:http';
import { mkdtemp, readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { UserSession } from '@rayworks/contracts';
import {
  buildStudyFolder,
  crash,
  eventually,
  everyRoleTenant,
  freePort,
  removeFixtures,
  startScript,
  stop,
  tenantQuery,
  type BuiltStudy,
  type EveryRoleTenant,
  stackProcesses,
} from '@rayworks/testing';
import { loginAs, stow } from './dicomweb-support.js';
import { outboxEvents } from '../support/imports.js';

const { processTable, processEnv, ROOT } = await stackProcesses();

/** An imaging API process of this test (the stack's env, its own port), so the shared one is never disturbed. */
async function startImaging(env: Record<string, string>) {
  const proc = processTable().find((p) => p.name === 'imaging')!;
  const port = await freePort();
  const child = startScript(path.join(ROOT, proc.entry), {
    ...processEnv(proc),
    PORT: String(port),
    METRICS_PORT: '0',
    ...env,
  });
  await eventually(
    () =>
      fetch(`http://127.0.0.1:${port}/health/ready`)
        .then((r) => r.status)
        .catch(() => 0),
    (status) => status === 200,
    { what: `a test imaging process ready on ${port}: ${child.output().slice(-500)}`, timeoutMs: 90_000 },
  );
  return { child, port };
}

const instanceIndexed = async (tenantId: string, sop: string) =>
  (
    await tenantQuery<{ n: number }>(
      tenantId,
      `SELECT count(*)::int AS n FROM imaging.instances WHERE sop_instance_uid = $1`,
      [sop],
    )
  )[0]!.n === 1;
const studyState = async (tenantId: string, uid: string) =>
  (
    await tenantQuery<{ state: string }>(tenantId, `SELECT state FROM imaging.studies WHERE study_instance_uid = $1`, [
      uid,
    ])
  )[0]?.state ?? null;
const casesOf = async (tenantId: string, uid: string) =>
  (
    await tenantQuery<{ n: number }>(
      tenantId,
      `SELECT count(*)::int AS n FROM cases.cases WHERE study_instance_uid = $1`,
      [uid],
    )
  )[0]!.n;

/**
 * Sends a STOW-RS request straight to an imaging process and stops after the first part: the request stays open
 * (the service waits for the rest of the body), so the process can be killed after that instance is indexed and
 * before the request's finish.
 */
async function stowFirstPartAndHold(port: number, token: string, files: string[]): Promise<ClientRequest> {
  const boundary = `rw-${randomBytes(8).toString('hex')}`;
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/dicomweb/studies',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': `multipart/related; type="application/dicom"; boundary=${boundary}`,
      Accept: 'application/dicom+json',
      'Transfer-Encoding': 'chunked',
    },
  });
  req.on('error', () => undefined); // the process dies under it
  const first = await readFile(files[0]!);
  req.write(Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`));
  req.write(first);
  // the delimiter that ends the first part: the parser hands the part over once it sees it
  req.write(Buffer.from(`\r\n--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`));
  return req;
}

/**
 * Issue 20, item 8: a STOW-RS whose imaging process is killed (SIGKILL) after the first instance is indexed and
 * before the request's finish leaves the study CLOUD_UPLOADING with an instance no StudyImported counted. Retried,
 * or left alone until the sweeper finds it abandoned, the study still ends IMPORTED with exactly one StudyImported
 * and exactly one case in the cases service (the running stack consumes the event).
 */
describe('a STOW-RS killed between the index commit and the finish', () => {
  let t: EveryRoleTenant;
  let reception: UserSession;
  let dir: string;

  beforeAll(async () => {
    t = await everyRoleTenant('stowcrash');
    reception = await loginAs(t, 'reception');
    dir = await mkdtemp(path.join(tmpdir(), 'stow-crash-'));
  }, 60_000);

  afterAll(async () => {
    if (dir) await removeFixtures(dir);
  });

  async function crashMidRequest(study: BuiltStudy) {
    const { child, port } = await startImaging({ UPLOAD_SWEEP_SECONDS: '0' });
    try {
      const req = await stowFirstPartAndHold(port, reception.token, study.files);
      await eventually(
        () => instanceIndexed(t.tenantId, study.instances[0]!.sopInstanceUid),
        (yes) => yes,
        { what: 'the first instance indexed', timeoutMs: 60_000, intervalMs: 50 },
      );
      await crash(child);
      req.destroy();
    } finally {
      await crash(child);
    }
    expect(await studyState(t.tenantId, study.studyInstanceUid)).toBe('CLOUD_UPLOADING');
    expect(await outboxEvents(t.tenantId, study.studyInstanceUid)).toBe(0);
  }

  it('retried: 200, the study IMPORTED, exactly one StudyImported and one case', async () => {
    const study = await buildStudyFolder(path.join(dir, 'retried'), {
      series: [{ kind: 'mr-stack', copies: 2 }],
      patientId: 'CRASH-RETRY',
    });
    await crashMidRequest(study);
    // the client retries the instance it sent (through the gateway, to the stack's imaging)
    const retried = await stow(reception, [study.files[0]!]);
    expect(retried.status).toBe(200);
    expect(await studyState(t.tenantId, study.studyInstanceUid)).toBe('IMPORTED');
    expect(await outboxEvents(t.tenantId, study.studyInstanceUid)).toBe(1);
    await eventually(
      () => casesOf(t.tenantId, study.studyInstanceUid),
      (n) => n === 1,
      { what: 'the case of the retried study', timeoutMs: 60_000, intervalMs: 250 },
    );
    // and the rest of the study arrives later: no second case
    expect((await stow(reception, study.files)).status).toBe(200);
    expect(await outboxEvents(t.tenantId, study.studyInstanceUid)).toBe(2);
    expect(await casesOf(t.tenantId, study.studyInstanceUid)).toBe(1);
  }, 180_000);

  it('left alone: the sweeper finishes the abandoned upload — exactly one StudyImported and one case', async () => {
    const study = await buildStudyFolder(path.join(dir, 'abandoned'), {
      series: [{ kind: 'mr-stack', copies: 2 }],
      patientId: 'CRASH-ABANDONED',
    });
    await crashMidRequest(study);
    // an imaging process whose sweeper looks every second for uploads idle for 3 seconds
    const { child } = await startImaging({ UPLOAD_SWEEP_SECONDS: '1', UPLOAD_ABANDONED_AFTER_SECONDS: '3' });
    try {
      await eventually(
        () => studyState(t.tenantId, study.studyInstanceUid),
        (state) => state === 'IMPORTED',
        { what: 'the abandoned study finished by the sweeper', timeoutMs: 60_000, intervalMs: 250 },
      );
      expect(await outboxEvents(t.tenantId, study.studyInstanceUid)).toBe(1);
      await eventually(
        () => casesOf(t.tenantId, study.studyInstanceUid),
        (n) => n === 1,
        { what: 'the case of the abandoned study', timeoutMs: 60_000, intervalMs: 250 },
      );
      const [row] = await tenantQuery<{ instance_count: number }>(
        t.tenantId,
        `SELECT instance_count FROM imaging.studies WHERE study_instance_uid = $1`,
        [study.studyInstanceUid],
      );
      expect(row!.instance_count).toBe(1);
      // sweeping again finishes nothing more
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await outboxEvents(t.tenantId, study.studyInstanceUid)).toBe(1);
    } finally {
      await stop(child);
    }
  }, 180_000);
});
