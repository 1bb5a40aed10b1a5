import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UserSession } from '@rayworks/contracts';
import {
  buildStudyFolder,
  everyRoleTenant,
  eventually,
  removeFixtures,
  tenantQuery,
  zipFolder,
  type BuiltStudy,
  type EveryRoleTenant,
} from '@rayworks/testing';
import { archiveRows, importZip, outboxEvents, signIn, StudyImportedEvents, type Caller } from '../support/imports.js';
import { loginAs, stow } from './dicomweb-support.js';

type Json = Record<string, { vr: string; Value?: unknown[] }>;
const value = (o: Json, tag: string) => o[tag]?.Value?.[0];

/** A file with the DICM marker whose header does not parse (its first element runs past the end). */
function corruptDicom(): Buffer {
  const file = Buffer.alloc(128 + 4 + 12);
  file.write('DICM', 128, 'latin1');
  file.writeUInt16LE(0x0002, 132); // (0002,0000) with a length far past the end
  file.write('UL', 136, 'latin1');
  file.writeUInt16LE(0xfff0, 138);
  return file;
}

/** How many transactions indexed these rows: rows written in one unit of work share its now(). */
async function indexingTransactions(tenantId: string, studyInstanceUid: string): Promise<number> {
  const [row] = await tenantQuery<{ n: number }>(
    tenantId,
    `SELECT count(DISTINCT i.created_at)::int AS n FROM imaging.instances i
       JOIN imaging.studies s ON s.id = i.study_id WHERE s.study_instance_uid = $1`,
    [studyInstanceUid],
  );
  return row!.n;
}

/**
 * Issue 24, batched ingest (docs/decisions/0326-batched-ingest.md, 0327-stow-shared-batches.md): the import worker
 * and STOW-RS index instances in batches — one unit of work for many — and a batch keeps every check of one file:
 * a corrupt file is reported and the others stored, a SOP Instance UID twice in a batch is stored once (the second
 * 'existing'), one StudyImported per study.
 */
describe('ingest in batches', () => {
  let t: EveryRoleTenant;
  let reception: Caller;
  let session: UserSession;
  let dir: string;
  let events: StudyImportedEvents;

  beforeAll(async () => {
    t = await everyRoleTenant('batch');
    reception = await signIn(t.login('reception'));
    session = await loginAs(t, 'reception');
    dir = await mkdtemp(path.join(tmpdir(), 'ingest-batches-'));
    events = new StudyImportedEvents(t.tenantId);
    await events.start();
  }, 120_000);

  afterAll(async () => {
    await events?.stop();
    if (dir) await removeFixtures(dir);
  });

  it('imports a zip in one unit of work per batch: a corrupt file reported, a duplicate stored once, the rest stored', async () => {
    const folder = path.join(dir, 'zip');
    const study: BuiltStudy = await buildStudyFolder(folder, {
      patientName: 'Batch^Import',
      patientId: 'BATCH-1',
      studyDescription: 'Batched import',
    });
    // beside the first instance, named as the import's path rule wants (<study>/<series>/<number>.dcm)
    const seriesDir = path.dirname(study.instances[0]!.path);
    await copyFile(study.instances[0]!.path, path.join(seriesDir, '99991.dcm'));
    await writeFile(path.join(seriesDir, '99992.dcm'), corruptDicom());
    const { zipPath } = await zipFolder(folder, path.join(dir, 'batch.zip'));

    const done = await importZip(reception, zipPath, study.studyInstanceUid);
    expect(done).toMatchObject({
      state: 'COMPLETED',
      studyInstanceUids: [study.studyInstanceUid],
      instancesStored: study.instances.length,
      instancesExisting: 1,
    });
    expect(done.skipped).toHaveLength(1);
    expect(done.skipped[0]!.path).toBe(path.relative(folder, path.join(seriesDir, '99992.dcm')));
    expect(done.skipped[0]!.reason).toMatch(/^Error parsing DICOM file\./);

    const { study: row, instances } = await archiveRows(t.tenantId, study.studyInstanceUid);
    expect(row).toMatchObject({ state: 'IMPORTED', instance_count: study.instances.length });
    expect(instances.map((i) => i.sop_instance_uid)).toEqual(study.instances.map((i) => i.sopInstanceUid).sort());
    // the study's instances (fewer than a batch) were indexed by one transaction, not one each
    expect(study.instances.length).toBeGreaterThan(2);
    expect(await indexingTransactions(t.tenantId, study.studyInstanceUid)).toBe(1);

    const published = await eventually(
      async () => events.of(study.studyInstanceUid),
      (e) => e.length >= 1,
      { what: 'StudyImported on Kafka', timeoutMs: 30_000 },
    );
    expect(published).toHaveLength(1);
    expect(published[0]!.payload).toMatchObject({ instancesAdded: study.instances.length });
    expect(await outboxEvents(t.tenantId, study.studyInstanceUid)).toBe(1);
  }, 120_000);

  it('STOW-RS: one request with a duplicate and a corrupt part stores the rest once and reports the corrupt one (202)', async () => {
    const study = await buildStudyFolder(path.join(dir, 'stow'));
    const first = await readFile(study.files[0]!);
    const { status, json } = await stow(session, [...study.files, first, corruptDicom()]);
    expect(status).toBe(202);
    const failed = (json['00081198']?.Value ?? []) as Json[];
    expect(failed.map((f) => [value(f, '00081155') ?? null, value(f, '00081197')])).toEqual([[null, 0xc000]]);
    const referenced = ((json['00081199']?.Value ?? []) as Json[]).map((r) => value(r, '00081155'));
    // the duplicate is the caller's instance, already there: listed, not stored twice
    expect([...referenced].sort()).toEqual(
      [...study.instances.map((i) => i.sopInstanceUid), study.instances[0]!.sopInstanceUid].sort(),
    );
    const { study: row, instances } = await archiveRows(t.tenantId, study.studyInstanceUid);
    expect(row).toMatchObject({ state: 'IMPORTED', instance_count: study.instances.length });
    expect(instances).toHaveLength(study.instances.length);
    // the first part goes at once, the parts that arrive meanwhile together: fewer transactions than instances
    expect(await indexingTransactions(t.tenantId, study.studyInstanceUid)).toBeLessThan(study.instances.length);
  }, 120_000);

  it('STOW-RS: one instance a request from many clients at once shares batches, and stores each once', async () => {
    const study = await buildStudyFolder(path.join(dir, 'shared'));
    const files = [...study.files, ...study.files.slice(0, 2)]; // two sent twice, at the same time
    const answers = await Promise.all(files.map((f) => stow(session, [f])));
    expect(answers.map((a) => a.status)).toEqual(files.map(() => 200));
    const { study: row, instances } = await archiveRows(t.tenantId, study.studyInstanceUid);
    expect(row).toMatchObject({ state: 'IMPORTED', instance_count: study.instances.length });
    expect(instances.map((i) => i.sop_instance_uid)).toEqual(study.instances.map((i) => i.sopInstanceUid).sort());
    // requests that arrived while a batch was stored went together as the next: fewer transactions than requests
    expect(await indexingTransactions(t.tenantId, study.studyInstanceUid)).toBeLessThan(study.instances.length);
    const published = await eventually(
      async () => events.of(study.studyInstanceUid),
      (e) => e.reduce((n, ev) => n + (ev.payload.instancesAdded ?? 0), 0) >= study.instances.length,
      { what: 'StudyImported events adding up to the study', timeoutMs: 30_000 },
    );
    expect(published.reduce((n, ev) => n + (ev.payload.instancesAdded ?? 0), 0)).toBe(study.instances.length);
  }, 120_000);
});
