import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGING_API, imagingStorageKeys, StudyImportedV1 } from '@rayworks/contracts';
import {
  buildStudyFolder,
  everyRoleTenant,
  eventually,
  removeFixtures,
  zipFolder,
  type BuiltStudy,
  type EveryRoleTenant,
} from '@rayworks/testing';
import {
  archiveRows,
  client,
  importZip,
  keysUnder,
  outboxEvents,
  signIn,
  storage,
  StudyImportedEvents,
  uploadAndTrigger,
  finished,
  type Caller,
} from '../support/imports.js';

/**
 * Issue 9, import (worker): a real multi-series study (pydicom's test files in 5 series and 8 transfer syntaxes)
 * zipped as the console does, uploaded to the presigned URL and imported by the running imaging worker through the
 * gateway: every instance in the store at its key with a zeroed preamble, every row indexed, exactly one
 * StudyImported on Kafka; a re-import adds nothing and publishes nothing; the trigger is idempotent; another
 * company's user (and another centre's) can neither see nor trigger the import.
 */
describe('study import, end to end', () => {
  let t: EveryRoleTenant;
  let other: EveryRoleTenant;
  let reception: Caller;
  let dir: string;
  let study: BuiltStudy;
  let zipPath: string;
  let events: StudyImportedEvents;
  let firstImportId: string;

  beforeAll(async () => {
    [t, other] = await Promise.all([everyRoleTenant('imp'), everyRoleTenant('impx')]);
    reception = await signIn(t.login('reception'));
    dir = await mkdtemp(path.join(tmpdir(), 'import-it-'));
    study = await buildStudyFolder(path.join(dir, 'folder'), {
      patientName: 'Import^Test',
      patientId: 'IMP-1',
      studyDescription: 'Import Test Study',
    });
    ({ zipPath } = await zipFolder(path.join(dir, 'folder'), path.join(dir, 'study.zip')));
    events = new StudyImportedEvents(t.tenantId);
    await events.start();
  }, 120_000);

  afterAll(async () => {
    await events?.stop();
    if (dir) await removeFixtures(dir);
  });

  it('imports every instance: stored at its key with the preamble zeroed, indexed, one StudyImported', async () => {
    const { importId, query } = await uploadAndTrigger(reception, zipPath, study.studyInstanceUid);
    firstImportId = importId;
    const done = await finished(reception, importId);
    expect(done).toMatchObject({
      _id: importId,
      state: 'COMPLETED',
      studyId: query.studyId,
      studyInstanceUids: [study.studyInstanceUid],
      instancesStored: study.instances.length,
      instancesExisting: 0,
      skipped: [],
      error: null,
    });

    const keys = await keysUnder(imagingStorageKeys.study(t.tenantId, study.studyInstanceUid));
    const expected = study.instances.map((i) =>
      imagingStorageKeys.instance(t.tenantId, study.studyInstanceUid, i.seriesInstanceUid, i.sopInstanceUid),
    );
    expect(keys).toEqual([...expected].sort());
    for (const instance of study.instances) {
      const original = await readFile(instance.path);
      const stored = await storage.get(
        imagingStorageKeys.instance(
          t.tenantId,
          study.studyInstanceUid,
          instance.seriesInstanceUid,
          instance.sopInstanceUid,
        ),
      );
      expect(stored.length).toBe(original.length);
      expect(stored.subarray(0, 128).every((b) => b === 0)).toBe(true);
      expect(stored.subarray(128).equals(original.subarray(128))).toBe(true);
    }
    // CT_small's preamble is a TIFF header: the archive must not keep it
    expect(
      (await Promise.all(study.instances.map((i) => readFile(i.path)))).some((f) => f.subarray(0, 128).some((b) => b)),
    ).toBe(true);

    const { study: row, instances } = await archiveRows(t.tenantId, study.studyInstanceUid);
    expect(row).toMatchObject({
      state: 'IMPORTED',
      series_count: study.series.length,
      instance_count: study.instances.length,
      patient_name: 'Import^Test',
      group_id: reception.groupId,
      centre_id: reception.centreId,
    });
    expect([...row!.modalities].sort()).toEqual([...new Set(study.series.map((s) => s.modality))].sort());
    expect(instances.map((i) => i.sop_instance_uid)).toEqual(study.instances.map((i) => i.sopInstanceUid).sort());
    for (const i of instances)
      expect(i.storage_key).toBe(
        imagingStorageKeys.instance(t.tenantId, study.studyInstanceUid, i.series_instance_uid, i.sop_instance_uid),
      );

    const published = await eventually(
      async () => events.of(study.studyInstanceUid),
      (e) => e.length >= 1,
      { what: 'StudyImported on Kafka', timeoutMs: 30_000 },
    );
    expect(published).toHaveLength(1);
    expect(published[0]!.type).toBe(StudyImportedV1.type);
    expect(published[0]!.payload).toMatchObject({
      studyInstanceUid: study.studyInstanceUid,
      groupId: reception.groupId,
      centreId: reception.centreId,
      patientName: 'Import^Test',
      patientId: 'IMP-1',
      studyDescription: 'Import Test Study',
      seriesCount: study.series.length,
      instanceCount: study.instances.length,
      instancesAdded: study.instances.length,
    });
    expect(published[0]!.actor).toEqual({ type: 'user', id: reception.userId });
    expect(await outboxEvents(t.tenantId, study.studyInstanceUid)).toBe(1);
    expect(await storage.exists(imagingStorageKeys.upload(t.tenantId, importId))).toBe(false);
  }, 120_000);

  it('answers a second trigger of the same import with the import as it is, and starts nothing', async () => {
    const again = await client.reply(
      IMAGING_API.initDownloadZip,
      {
        groupId: reception.groupId,
        centerId: reception.centreId,
        source: 'R2',
        studyId: study.studyInstanceUid,
        importId: firstImportId,
      },
      { session: reception.credentials },
    );
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ _id: firstImportId, state: 'COMPLETED' });
    expect(await outboxEvents(t.tenantId, study.studyInstanceUid)).toBe(1);
  });

  it('re-imports the same study idempotently: nothing added, no second StudyImported', async () => {
    const again = await importZip(reception, zipPath, study.studyInstanceUid);
    expect(again).toMatchObject({
      state: 'COMPLETED',
      studyInstanceUids: [study.studyInstanceUid],
      instancesStored: 0,
      instancesExisting: study.instances.length,
      skipped: [],
    });
    const { study: row, instances } = await archiveRows(t.tenantId, study.studyInstanceUid);
    expect(row).toMatchObject({ state: 'IMPORTED', instance_count: study.instances.length });
    expect(instances).toHaveLength(study.instances.length);
    expect(await outboxEvents(t.tenantId, study.studyInstanceUid)).toBe(1);
    expect(events.of(study.studyInstanceUid)).toHaveLength(1);
  }, 120_000);

  it('keeps the import from another company’s users and from another centre’s', async () => {
    const outsider = await signIn(other.login('reception'));
    const get = await client.reply(
      IMAGING_API.getImport,
      { importId: firstImportId },
      { session: outsider.credentials },
    );
    expect(get.status).toBe(404);
    const trigger = await client.reply(
      IMAGING_API.initDownloadZip,
      {
        groupId: outsider.groupId,
        centerId: outsider.centreId,
        source: 'R2',
        studyId: study.studyInstanceUid,
        importId: firstImportId,
      },
      { session: outsider.credentials },
    );
    expect(trigger.status).toBe(404);
    const cancel = await client.reply(
      IMAGING_API.cancelImport,
      { importId: firstImportId },
      { session: outsider.credentials },
    );
    expect(cancel.status).toBe(404);
    // an upload for this company's group and centre is refused to the other company's user
    const presign = await client.reply(
      IMAGING_API.presignedUrl,
      { groupId: reception.groupId, centerId: reception.centreId, source: 'R2', studyId: '1.2.3', size: 100 },
      { session: outsider.credentials },
    );
    expect(presign.status).toBe(403);
    // a centre admin of c3 (another centre of the same company) does not reach the c1 import either
    const c3 = await signIn(t.login('centre.admin'));
    expect(
      (await client.reply(IMAGING_API.getImport, { importId: firstImportId }, { session: c3.credentials })).status,
    ).toBe(404);
    const wrongCentre = await client.reply(
      IMAGING_API.presignedUrl,
      { groupId: reception.groupId, centerId: c3.centreId, source: 'R2', studyId: '1.2.3', size: 100 },
      { session: reception.credentials },
    );
    expect(wrongCentre.status).toBe(403);
    expect((await archiveRows(other.tenantId, study.studyInstanceUid)).study).toBeNull();
  }, 60_000);

  it('imports for an individual centre (no group): its admin sends no groupId and the study is the centre’s', async () => {
    const c3 = await signIn(t.login('centre.admin'));
    expect(c3.groupId).toBeUndefined();
    const own = await buildStudyFolder(path.join(dir, 'c3-folder'), { patientName: 'Centre^Three', patientId: 'C3-1' });
    const { zipPath: c3Zip } = await zipFolder(path.join(dir, 'c3-folder'), path.join(dir, 'c3.zip'));
    const { importId } = await uploadAndTrigger(c3, c3Zip, own.studyInstanceUid);
    expect(await finished(c3, importId)).toMatchObject({ state: 'COMPLETED', instancesStored: own.instances.length });
    expect((await archiveRows(t.tenantId, own.studyInstanceUid)).study).toMatchObject({
      group_id: null,
      centre_id: c3.centreId,
    });
    // naming a group it does not belong to is refused
    const withGroup = await client.reply(
      IMAGING_API.presignedUrl,
      { groupId: t.groups.g!, centerId: c3.centreId, source: 'R2', studyId: '1.2.4', size: 100 },
      { session: c3.credentials },
    );
    expect(withGroup.status).toBe(403);
  }, 120_000);

  it('refuses a trigger before the zip is uploaded (409), and cancels an import that has not started', async () => {
    const query = { groupId: reception.groupId, centerId: reception.centreId, source: 'R2' as const, studyId: '1.2.9' };
    const plan = await client.call(
      IMAGING_API.presignedUrl,
      { ...query, size: 1000 },
      { session: reception.credentials },
    );
    expect(plan.parts).toBeNull();
    expect(new URL(plan.presignedUrl!).pathname).toContain(imagingStorageKeys.upload(t.tenantId, plan.importId));
    const early = await client.reply(
      IMAGING_API.initDownloadZip,
      { ...query, importId: plan.importId },
      { session: reception.credentials },
    );
    expect(early.status).toBe(409);
    expect(
      await client.call(IMAGING_API.cancelImport, { importId: plan.importId }, { session: reception.credentials }),
    ).toBeNull();
    const cancelled = await client.call(
      IMAGING_API.getImport,
      { importId: plan.importId },
      { session: reception.credentials },
    );
    expect(cancelled).toMatchObject({ state: 'FAILED', error: 'The import was cancelled.' });
    expect(
      (await client.reply(IMAGING_API.cancelImport, { importId: plan.importId }, { session: reception.credentials }))
        .status,
    ).toBe(409);
  });
});
