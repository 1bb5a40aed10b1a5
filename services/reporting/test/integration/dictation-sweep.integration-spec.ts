import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import { REPORTING_API } from '@rayworks/contracts';
import { StorageService } from '@rayworks/nest-kit';
import {
  casesKnowUsers,
  eventually,
  freePort,
  infraEnv,
  stackProcesses,
  startScript,
  stop,
  tenantQuery,
} from '@rayworks/testing';
import { arrive, assignToRadiologist, TestEvents } from '../support/cases.js';
import { api, reportsTenant, signIn, type ReportsTenant } from './reports-support.js';

/**
 * Unattached dictation uploads are swept (docs/decisions/0377-unattached-dictation-sweep.md), against the real
 * PostgreSQL and object store: uploads are made through the running service (upload URL, PUT to the store), aged in
 * the database, and swept by reporting processes of this test (the stack's environment, a sweep every second and a
 * grace of one hour, so the shared process — 24 hours — never races it). An old unattached upload loses its object
 * and its row, audited in its own company; a fresh one and an old attached clip stay; a store that refuses the delete
 * leaves the row (and the object) for the next sweep.
 */

const { processTable, processEnv, ROOT } = await stackProcesses();
const storage = new StorageService(infraEnv().s3);

/** A reporting API process of this test, sweeping every second uploads unattached for an hour. */
async function startSweeper(env: Record<string, string> = {}) {
  const proc = processTable().find((p) => p.name === 'reporting')!;
  const port = await freePort();
  const child = startScript(path.join(ROOT, proc.entry), {
    ...processEnv(proc),
    PORT: String(port),
    METRICS_PORT: '0',
    DICTATION_SWEEP_SECONDS: '1',
    DICTATION_UNATTACHED_HOURS: '1',
    ...env,
  });
  await eventually(
    () =>
      fetch(`http://127.0.0.1:${port}/health/live`)
        .then((r) => r.status)
        .catch(() => 0),
    (status) => status === 200,
    { what: `a test reporting process live on ${port}: ${child.output().slice(-500)}`, timeoutMs: 90_000 },
  );
  return child;
}

/** The EBML header MediaRecorder writes in Chromium (DocType "webm"), then padding. */
const webm = (size: number): Buffer => {
  const head = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
    0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
  ]);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 5)]);
};

describe('unattached dictation uploads are swept', () => {
  let t: ReportsTenant;
  let other: ReportsTenant;
  const events = new TestEvents();
  let radiologist: Credentials;
  let theirRadiologist: Credentials;
  let caseId: string;
  let theirCaseId: string;

  /** An upload URL for the case and the recording PUT to the store; the object's key. */
  const upload = async (session: Credentials, forCase: string, bytes = webm(3000)): Promise<string> => {
    const target = await api.call(
      REPORTING_API.dictationUploadUrl,
      { caseId: forCase, contentType: 'audio/webm', size: bytes.length },
      { session },
    );
    const stored = await fetch(target.uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'audio/webm' },
      body: new Uint8Array(bytes),
    });
    expect(stored.status).toBe(200);
    return target.fileID;
  };
  const uploadRows = async (tenantId: string, key: string) =>
    (
      await tenantQuery<{ n: number }>(
        tenantId,
        `SELECT count(*)::int AS n FROM reporting.dictation_uploads WHERE object_key = $1`,
        [key],
      )
    )[0]!.n;
  const clipRows = async (tenantId: string, key: string) =>
    (
      await tenantQuery<{ n: number }>(
        tenantId,
        `SELECT count(*)::int AS n FROM reporting.report_dictations WHERE object_key = $1`,
        [key],
      )
    )[0]!.n;
  /** Makes an upload (and its clip, if attached) look two hours old. */
  const age = async (tenantId: string, key: string) => {
    await tenantQuery(
      tenantId,
      `UPDATE reporting.dictation_uploads SET created_at = now() - interval '2 hours' WHERE object_key = $1`,
      [key],
    );
    await tenantQuery(
      tenantId,
      `UPDATE reporting.report_dictations SET created_at = now() - interval '2 hours' WHERE object_key = $1`,
      [key],
    );
  };
  const sweepAudit = (tenantId: string) =>
    tenantQuery<{ tenant_id: string; target_id: string; details: { key: string } }>(
      tenantId,
      `SELECT tenant_id, target_id, details FROM reporting.audit_log
        WHERE action = 'REPORT_DICTATION_UPLOAD_DELETE' ORDER BY id`,
    );

  beforeAll(async () => {
    [t, other] = await Promise.all([reportsTenant('dict-sweep-a'), reportsTenant('dict-sweep-b')]);
    await events.start();
    const [admin, theirAdmin] = await Promise.all([signIn(t, 'admin'), signIn(other, 'admin')]);
    [radiologist, theirRadiologist] = await Promise.all([signIn(t, 'radiologist'), signIn(other, 'radiologist')]);
    await Promise.all([
      casesKnowUsers(t.tenantId, [t.users[t.login('radiologist')]!]),
      casesKnowUsers(other.tenantId, [other.users[other.login('radiologist')]!]),
    ]);
    caseId = await arrive(events, t, 'c1', { patientName: 'SWEEP^ASHA' });
    theirCaseId = await arrive(events, other, 'c1', { patientName: 'SWEEP^OTHER' });
    await Promise.all([assignToRadiologist(t, admin, caseId), assignToRadiologist(other, theirAdmin, theirCaseId)]);
  }, 240_000);

  /** One working sweeper serves every test after the failing one: a process start is the slow part of this spec. */
  let working: Awaited<ReturnType<typeof startSweeper>> | undefined;
  const workingSweeper = async () => {
    working ??= await startSweeper();
    return working;
  };

  afterAll(async () => {
    if (working) await stop(working);
    await events.stop();
  });

  it('an upload URL is recorded until its attach, which takes the row in its transaction', async () => {
    const key = await upload(radiologist, caseId);
    expect(await uploadRows(t.tenantId, key)).toBe(1);
    // the row is the company's: the other company does not see it
    expect(await uploadRows(other.tenantId, key)).toBe(0);
    await api.call(
      REPORTING_API.attachDictation,
      { caseId, fileID: key, contentType: 'audio/webm', size: 3000, durationMs: 900 },
      { session: radiologist },
    );
    expect([await uploadRows(t.tenantId, key), await clipRows(t.tenantId, key)]).toEqual([0, 1]);
  });

  it('a store that refuses the delete leaves the row and the object; the next sweep removes both', async () => {
    const key = await upload(radiologist, caseId);
    await age(t.tenantId, key);
    // a process whose object-store credentials are wrong: every delete fails
    const failing = await startSweeper({ S3_SECRET_ACCESS_KEY: 'not-the-secret-of-this-store' });
    try {
      await eventually(
        () => Promise.resolve(failing.output()),
        (out) => out.includes('unattached dictation sweep: not done') && out.includes(key),
        { what: 'the failing sweep of the old upload', timeoutMs: 60_000, intervalMs: 250 },
      );
    } finally {
      await stop(failing);
    }
    expect(await uploadRows(t.tenantId, key)).toBe(1);
    expect(await storage.exists(key)).toBe(true);
    expect((await sweepAudit(t.tenantId)).some((a) => a.details.key === key)).toBe(false);

    await workingSweeper();
    await eventually(
      () => uploadRows(t.tenantId, key),
      (n) => n === 0,
      { what: 'the old upload swept by a working store', timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(await storage.exists(key)).toBe(false);
  }, 240_000);

  it('removes an old unattached upload (object, then row) in its own company; a fresh one and an old attached clip stay', async () => {
    const oldLoose = await upload(radiologist, caseId);
    const fresh = await upload(radiologist, caseId);
    const attachedBytes = webm(4000);
    const oldAttached = await upload(radiologist, caseId, attachedBytes);
    const clip = await api.call(
      REPORTING_API.attachDictation,
      { caseId, fileID: oldAttached, contentType: 'audio/webm', size: 4000, durationMs: 1200 },
      { session: radiologist },
    );
    const theirs = await upload(theirRadiologist, theirCaseId);
    expect(await Promise.all([oldLoose, fresh, oldAttached, theirs].map((k) => storage.exists(k)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    // the sweeper (running, every second) sees them old from now on
    await workingSweeper();
    for (const key of [oldLoose, oldAttached]) await age(t.tenantId, key);
    await age(other.tenantId, theirs);

    await eventually(
      async () => [await uploadRows(t.tenantId, oldLoose), await uploadRows(other.tenantId, theirs)],
      (left) => left.every((n) => n === 0),
      { what: 'both companies’ old uploads swept', timeoutMs: 60_000, intervalMs: 250 },
    );
    // a few more sweeps: what stays, stays
    await new Promise((resolve) => setTimeout(resolve, 2500));

    // the old unattached uploads: object and row gone
    expect(await storage.exists(oldLoose)).toBe(false);
    expect(await storage.exists(theirs)).toBe(false);
    // the fresh upload: still recorded and stored (its attach may still come)
    expect(await uploadRows(t.tenantId, fresh)).toBe(1);
    expect(await storage.exists(fresh)).toBe(true);
    // the old attached clip: row, object and audio untouched
    expect(await clipRows(t.tenantId, oldAttached)).toBe(1);
    expect(await storage.exists(oldAttached)).toBe(true);
    const audio = await api.file(REPORTING_API.dictationAudio, { caseId, clipId: clip.id }, { session: radiologist });
    expect(Buffer.from(audio.bytes).equals(attachedBytes)).toBe(true);

    // each deletion audited in its own company, on its case
    const ours = (await sweepAudit(t.tenantId)).filter((a) => a.details.key === oldLoose);
    expect(ours.map((a) => [a.tenant_id, a.target_id])).toEqual([[t.tenantId, caseId]]);
    const theirAudit = (await sweepAudit(other.tenantId)).filter((a) => a.details.key === theirs);
    expect(theirAudit.map((a) => [a.tenant_id, a.target_id])).toEqual([[other.tenantId, theirCaseId]]);
    expect((await sweepAudit(t.tenantId)).some((a) => a.details.key === theirs)).toBe(false);
    expect((await sweepAudit(other.tenantId)).some((a) => a.details.key === oldLoose)).toBe(false);
    expect((await sweepAudit(t.tenantId)).some((a) => [fresh, oldAttached].includes(a.details.key))).toBe(false);
  }, 240_000);

  it('an attach after the sweep took its upload is a 400 and keeps nothing', async () => {
    const key = await upload(radiologist, caseId);
    await workingSweeper();
    await age(t.tenantId, key);
    await eventually(
      () => uploadRows(t.tenantId, key),
      (n) => n === 0,
      { what: 'the upload swept', timeoutMs: 60_000, intervalMs: 250 },
    );
    const late = await api.reply(
      REPORTING_API.attachDictation,
      { caseId, fileID: key, contentType: 'audio/webm', size: 3000, durationMs: 900 },
      { session: radiologist },
    );
    expect(late.status).toBe(400);
    expect(await clipRows(t.tenantId, key)).toBe(0);
  }, 240_000);
});
