import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { IMAGING_API, imagingStorageKeys } from '@rayworks/contracts';
import {
  buildLargeCtStudy,
  crash,
  everyRoleTenant,
  eventually,
  freePort,
  removeFixtures,
  startScript,
  tenantQuery,
  zipFolder,
  type EveryRoleTenant,
  stackProcesses,
} from '@rayworks/testing';
import {
  archiveRows,
  client,
  finished,
  keysUnder,
  outboxEvents,
  signIn,
  uploadAndTrigger,
  type Caller,
} from '../support/imports.js';

const { processTable, processEnv, ROOT } = await stackProcesses();

const instancesOfImport = async (tenantId: string, importId: string) =>
  (
    await tenantQuery<{ n: number }>(
      tenantId,
      `SELECT count(*)::int AS n FROM imaging.instances WHERE import_id = $1`,
      [importId],
    )
  )[0]!.n;

/**
 * Issue 9: a worker killed in the middle of an import (a second imaging worker started by the test, SIGKILLed while
 * the import is PROCESSING) leaves a stalled job that the stack's worker takes up again; the import ends exactly as
 * an uninterrupted one: every instance stored once, indexed once, one StudyImported. And a zip larger than one part
 * is uploaded in parts; a part whose connection dropped is found missing (uploadedParts), sent again, and the
 * upload completes and imports.
 */
describe('import resumption', () => {
  let t: EveryRoleTenant;
  let reception: Caller;
  let dir: string;

  beforeAll(async () => {
    t = await everyRoleTenant('resume');
    reception = await signIn(t.login('reception'));
    dir = await mkdtemp(path.join(tmpdir(), 'resume-it-'));
  }, 60_000);

  afterAll(async () => {
    if (dir) await removeFixtures(dir);
  });

  it('resumes an import whose worker was killed mid-import, with the same result as one never interrupted', async () => {
    const studies = await Promise.all(
      ['a', 'b'].map((k) => buildLargeCtStudy(path.join(dir, k), { instances: 400, rows: 256, cols: 256 })),
    );
    const zips = await Promise.all(
      ['a', 'b'].map((k) => zipFolder(path.join(dir, k), path.join(dir, `${k}.zip`), { compressionLevel: 1 })),
    );
    const proc = processTable().find((p) => p.name === 'imaging-worker')!;
    const worker = startScript(path.join(ROOT, proc.entry), {
      ...processEnv(proc),
      PORT: String(await freePort()),
      METRICS_PORT: '0',
    });
    try {
      await eventually(
        async () => worker.output(),
        (out) => out.includes('worker processing queues'),
        { what: 'the second imaging worker ready', timeoutMs: 60_000 },
      );
      // Two imports at once: the stack's worker takes one (one import at a time), the second worker the other.
      const started = await Promise.all(
        studies.map((s, i) => uploadAndTrigger(reception, zips[i]!.zipPath, s.studyInstanceUid)),
      );
      const mine = await eventually(
        async () => started.find((s) => worker.output().includes(s.importId)) ?? null,
        (s) => s !== null,
        { what: 'an import taken by the second worker', timeoutMs: 60_000 },
      );
      const total = 400;
      await eventually(
        () => instancesOfImport(t.tenantId, mine!.importId),
        (n) => n > 0,
        { what: 'the second worker storing instances', timeoutMs: 60_000, intervalMs: 20 },
      );
      await crash(worker);
      const atCrash = await instancesOfImport(t.tenantId, mine!.importId);
      const during = await client.call(
        IMAGING_API.getImport,
        { importId: mine!.importId },
        {
          session: reception.credentials,
        },
      );
      expect(during.state).toBe('PROCESSING');
      expect(atCrash).toBeLessThan(total);

      const results = await Promise.all(started.map((s) => finished(reception, s.importId, 150_000)));
      for (const [i, done] of results.entries()) {
        const study = studies[i]!;
        expect(done).toMatchObject({
          state: 'COMPLETED',
          studyInstanceUids: [study.studyInstanceUid],
          instancesStored: total,
          instancesExisting: 0,
          skipped: [],
        });
        const { study: row, instances } = await archiveRows(t.tenantId, study.studyInstanceUid);
        expect(row).toMatchObject({ state: 'IMPORTED', instance_count: total, series_count: 1 });
        expect(new Set(instances.map((x) => x.sop_instance_uid)).size).toBe(total);
        expect(await keysUnder(imagingStorageKeys.study(t.tenantId, study.studyInstanceUid))).toHaveLength(total);
        expect(await outboxEvents(t.tenantId, study.studyInstanceUid)).toBe(1);
      }
    } finally {
      await crash(worker);
    }
  }, 300_000);

  it('uploads a large zip in parts, resumes after a dropped part, and imports it', async () => {
    const study = await buildLargeCtStudy(path.join(dir, 'mp'), { instances: 40 });
    const { zipPath } = await zipFolder(path.join(dir, 'mp'), path.join(dir, 'mp.zip'), { compressionLevel: 0 });
    const zip = await readFile(zipPath);
    const query = {
      groupId: reception.groupId,
      centerId: reception.centreId,
      source: 'R2' as const,
      studyId: study.studyInstanceUid,
    };
    const plan = await client.call(
      IMAGING_API.presignedUrl,
      { ...query, size: zip.length },
      {
        session: reception.credentials,
      },
    );
    expect(plan.presignedUrl).toBeNull();
    const { partSize, urls } = plan.parts!;
    expect(partSize).toBe(16 * 1024 * 1024);
    expect(urls.map((u) => u.partNumber)).toEqual([1, 2]);
    const bytesOf = (n: number) => zip.subarray((n - 1) * partSize, n * partSize);

    // part 1 as a browser sends it: the answer lets the page read its ETag (CORS exposes it)
    const first = await fetch(urls[0]!.url, {
      method: 'PUT',
      headers: { origin: 'http://localhost:8080' },
      body: bytesOf(1),
    });
    expect(first.status).toBe(200);
    const etag1 = first.headers.get('etag')!;
    expect(etag1).toMatch(/^"[0-9a-f-]+"$/);
    expect((first.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toMatch(
      /(^|[ ,])(etag|\*)([ ,]|$)/,
    );

    // part 2's connection drops half way: the store keeps nothing of it
    const half = bytesOf(2).subarray(0, Math.floor(bytesOf(2).length / 2));
    async function* dropped() {
      yield half;
      throw new Error('connection dropped');
    }
    const failed = await fetch(urls[1]!.url, {
      method: 'PUT',
      body: Readable.toWeb(Readable.from(dropped())) as ReadableStream,
      duplex: 'half',
    } as RequestInit).catch(() => null);
    expect(failed === null || failed.status !== 200).toBe(true);

    const have = await client.call(
      IMAGING_API.uploadedParts,
      { importId: plan.importId },
      {
        session: reception.credentials,
      },
    );
    expect(have.parts).toEqual([{ partNumber: 1, etag: etag1, size: partSize }]);
    // the trigger refuses an upload that is not complete
    expect(
      (
        await client.reply(
          IMAGING_API.initDownloadZip,
          { ...query, importId: plan.importId },
          {
            session: reception.credentials,
          },
        )
      ).status,
    ).toBe(409);
    // a wrong ETag does not complete it either, and the upload can still be finished
    expect(
      (
        await client.reply(
          IMAGING_API.completeUpload,
          { importId: plan.importId, parts: [{ partNumber: 1, etag: '"0000"' }] },
          { session: reception.credentials },
        )
      ).status,
    ).toBe(409);

    const second = await fetch(urls[1]!.url, { method: 'PUT', body: bytesOf(2) });
    expect(second.status).toBe(200);
    await client.call(
      IMAGING_API.completeUpload,
      {
        importId: plan.importId,
        parts: [
          { partNumber: 1, etag: etag1 },
          { partNumber: 2, etag: second.headers.get('etag')! },
        ],
      },
      { session: reception.credentials },
    );
    await client.call(
      IMAGING_API.initDownloadZip,
      { ...query, importId: plan.importId },
      {
        session: reception.credentials,
      },
    );
    const done = await finished(reception, plan.importId, 120_000);
    expect(done).toMatchObject({ state: 'COMPLETED', instancesStored: 40, skipped: [] });
    expect((await archiveRows(t.tenantId, study.studyInstanceUid)).instances).toHaveLength(40);
  }, 180_000);
});
