import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGING_API, IMPORT_CALL_MESSAGES } from '@rayworks/contracts';
import { buildLargeCtStudy, everyRoleTenant, removeFixtures, zipFolder, type EveryRoleTenant } from '@rayworks/testing';
import { archiveRows, client, finished, signIn, type Caller } from '../support/imports.js';

/**
 * Issue 25 item 13, decision 0365: an upload that starts while the console is still zipping. The import is
 * announced with an upper bound of the zip's size; each part is signed when its bytes exist, for its own length
 * (a part larger than the part size, or beyond the bound, is refused); the completion names the zip's final size,
 * which the trigger then checks; the zip imports as any other.
 */
describe('streamed import upload (parts signed as the zip grows)', () => {
  let t: EveryRoleTenant;
  let reception: Caller;
  let dir: string;

  beforeAll(async () => {
    t = await everyRoleTenant('streamup');
    reception = await signIn(t.login('reception'));
    dir = await mkdtemp(path.join(tmpdir(), 'streamed-it-'));
  }, 60_000);

  afterAll(async () => {
    if (dir) await removeFixtures(dir);
  });

  it('signs each part for its length inside the bound, completes with the final size and imports', async () => {
    const study = await buildLargeCtStudy(path.join(dir, 'st'), { instances: 40 });
    const { zipPath } = await zipFolder(path.join(dir, 'st'), path.join(dir, 'st.zip'), { compressionLevel: 0 });
    const zip = await readFile(zipPath);
    const session = { session: reception.credentials };
    const query = {
      groupId: reception.groupId,
      centerId: reception.centreId,
      source: 'R2' as const,
      studyId: study.studyInstanceUid,
    };
    const maxSize = zip.length + 200_000;
    const { importId, partSize } = await client.call(IMAGING_API.startStreamedUpload, { ...query, maxSize }, session);
    expect(partSize).toBe(16 * 1024 * 1024);
    expect(zip.length).toBeGreaterThan(partSize);

    // a part larger than the part size, or reaching past the announced bound, is refused
    for (const body of [
      { importId, partNumber: 1, size: partSize + 1 },
      { importId, partNumber: 2, size: maxSize - partSize + 1 },
      { importId, partNumber: 3, size: 1 },
    ]) {
      const refused = await client.reply(IMAGING_API.uploadPartUrl, body, session);
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.body)).toContain(IMPORT_CALL_MESSAGES.partOutsidePlan);
    }

    // the parts as the zip grows: part 1 full, part 2 the rest
    const parts = [];
    for (const [partNumber, bytes] of [
      [1, zip.subarray(0, partSize)],
      [2, zip.subarray(partSize)],
    ] as const) {
      const { url } = await client.call(
        IMAGING_API.uploadPartUrl,
        { importId, partNumber, size: bytes.length },
        session,
      );
      // signed for its length: other bytes are refused by the store
      if (partNumber === 2) {
        const wrong = await fetch(url, { method: 'PUT', body: bytes.subarray(1) });
        expect(wrong.status).not.toBe(200);
      }
      const put = await fetch(url, { method: 'PUT', body: bytes });
      expect(put.status).toBe(200);
      parts.push({ partNumber, etag: put.headers.get('etag')! });
    }

    // not yet complete: the trigger refuses
    expect((await client.reply(IMAGING_API.initDownloadZip, { ...query, importId }, session)).status).toBe(409);
    await client.call(IMAGING_API.completeUpload, { importId, parts, size: zip.length }, session);
    await client.call(IMAGING_API.initDownloadZip, { ...query, importId }, session);
    const done = await finished(reception, importId, 120_000);
    expect(done).toMatchObject({ state: 'COMPLETED', instancesStored: 40, skipped: [] });
    expect((await archiveRows(t.tenantId, study.studyInstanceUid)).instances).toHaveLength(40);
  }, 180_000);

  it('refuses a completion whose size is above the announced bound', async () => {
    const study = await buildLargeCtStudy(path.join(dir, 'small'), { instances: 2, rows: 64, cols: 64 });
    const { zipPath } = await zipFolder(path.join(dir, 'small'), path.join(dir, 'small.zip'), {
      compressionLevel: 0,
    });
    const zip = await readFile(zipPath);
    const session = { session: reception.credentials };
    const query = {
      groupId: reception.groupId,
      centerId: reception.centreId,
      source: 'R2' as const,
      studyId: study.studyInstanceUid,
    };
    const { importId } = await client.call(IMAGING_API.startStreamedUpload, { ...query, maxSize: zip.length }, session);
    const { url } = await client.call(
      IMAGING_API.uploadPartUrl,
      { importId, partNumber: 1, size: zip.length },
      session,
    );
    const put = await fetch(url, { method: 'PUT', body: zip });
    const parts = [{ partNumber: 1, etag: put.headers.get('etag')! }];
    const refused = await client.reply(IMAGING_API.completeUpload, { importId, parts, size: zip.length + 1 }, session);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(IMPORT_CALL_MESSAGES.uploadSizeDiffers);
  }, 60_000);
});
