import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { imagingStorageKeys } from '@rayworks/contracts';
import { IMPORT_MESSAGES } from '@rayworks/dicom';
import {
  buildStudyFolder,
  everyRoleTenant,
  removeFixtures,
  writeAbsolutePathZip,
  writeExecutablePreambleZip,
  writeNonDicomZip,
  writeSymlinkZip,
  writeTraversalZip,
  writeTruncatedDicomZip,
  writeZipBomb,
  zipFolder,
  type BuiltStudy,
  type EveryRoleTenant,
  type HostileArchive,
} from '@rayworks/testing';
import { archiveRows, importZip, keysUnder, outboxEvents, signIn, storage, type Caller } from '../support/imports.js';

/**
 * Issue 9, hostile archives against the running imaging worker: a zip with `../evil.dcm`, an absolute path, a
 * symbolic link, or a bomb inflating to 1 GiB (honest or lying about its sizes) fails the whole import with a clear
 * error and leaves nothing of it (no object, no row, no event, no upload); a non-DICOM file renamed .dcm and a
 * truncated DICOM are skipped with their reason while the rest of the study imports; an instance whose preamble is
 * an executable header is stored with the preamble zeroed. A study imported before is untouched by all of them.
 */
describe('hostile archives', () => {
  let t: EveryRoleTenant;
  let reception: Caller;
  let dir: string;
  let kept: BuiltStudy;

  beforeAll(async () => {
    t = await everyRoleTenant('hostile');
    reception = await signIn(t.login('reception'));
    dir = await mkdtemp(path.join(tmpdir(), 'hostile-it-'));
    kept = await buildStudyFolder(path.join(dir, 'kept'), { series: ['ct', 'mr'] });
    const { zipPath } = await zipFolder(path.join(dir, 'kept'), path.join(dir, 'kept.zip'));
    expect((await importZip(reception, zipPath, kept.studyInstanceUid)).state).toBe('COMPLETED');
  }, 120_000);

  afterAll(async () => {
    if (dir) await removeFixtures(dir);
  });

  /** Nothing of the refused archive's study stays, and the study imported before is whole. */
  async function expectNothingKept(archive: HostileArchive, importId: string) {
    const uid = archive.study.studyInstanceUid;
    expect((await archiveRows(t.tenantId, uid)).study).toBeNull();
    expect(await keysUnder(imagingStorageKeys.study(t.tenantId, uid))).toEqual([]);
    expect(await outboxEvents(t.tenantId, uid)).toBe(0);
    expect(await storage.exists(imagingStorageKeys.upload(t.tenantId, importId))).toBe(false);
    const before = await archiveRows(t.tenantId, kept.studyInstanceUid);
    expect(before.study).toMatchObject({ state: 'IMPORTED', instance_count: kept.instances.length });
    expect(await keysUnder(imagingStorageKeys.study(t.tenantId, kept.studyInstanceUid))).toHaveLength(
      kept.instances.length,
    );
  }

  it.each([
    [
      'a ../ entry',
      (d: string, z: string) => writeTraversalZip(d, z),
      'The archive is refused: an entry points outside the archive (../evil.dcm).',
    ],
    [
      'an absolute entry',
      (d: string, z: string) => writeAbsolutePathZip(d, z),
      'The archive is refused: an entry has an absolute path (/etc/evil.dcm).',
    ],
    [
      'a symbolic link entry',
      (d: string, z: string) => writeSymlinkZip(d, z),
      /^The archive is refused: an entry is a symbolic link \(/,
    ],
    [
      'a bomb inflating to 1 GiB',
      (d: string, z: string) => writeZipBomb(d, z),
      'The archive is refused: it inflates more than 200 times its compressed size.',
    ],
    [
      'a 1 GiB bomb whose sizes lie',
      (d: string, z: string) => writeZipBomb(d, z, { declaredUncompressedSize: 1024 * 1024 }),
      /^The archive is refused: (an entry inflates to more bytes than it declares|it inflates more than 200 times)/,
    ],
  ])(
    'fails the whole import of %s with a clear error and keeps nothing of it',
    async (_, write, message) => {
      const name = `h${Math.random().toString(36).slice(2, 8)}`;
      const archive = await write(path.join(dir, name), path.join(dir, `${name}.zip`));
      const done = await importZip(reception, archive.zipPath, archive.study.studyInstanceUid);
      expect(done.state).toBe('FAILED');
      expect(done.error).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
      expect(done).toMatchObject({ instancesStored: 0, studyInstanceUids: [] });
      await expectNothingKept(archive, done._id);
    },
    180_000,
  );

  it.each([
    [
      'a non-DICOM file renamed .dcm',
      (d: string, z: string) => writeNonDicomZip(d, z),
      /^Error parsing DICOM file\. Not a DICOM file/,
    ],
    ['a truncated DICOM file', (d: string, z: string) => writeTruncatedDicomZip(d, z), /^Error parsing DICOM file\. /],
  ])(
    'skips %s with its reason and imports the rest of the study',
    async (_, write, reason) => {
      const name = `s${Math.random().toString(36).slice(2, 8)}`;
      const archive = await write(path.join(dir, name), path.join(dir, `${name}.zip`));
      const done = await importZip(reception, archive.zipPath, archive.study.studyInstanceUid);
      expect(done).toMatchObject({
        state: 'COMPLETED',
        instancesStored: archive.validEntries.length,
        studyInstanceUids: [archive.study.studyInstanceUid],
      });
      expect(done.skipped).toEqual([{ path: archive.hostileEntry, reason: expect.stringMatching(reason) }]);
      expect(done.skipped[0]!.reason.startsWith(IMPORT_MESSAGES.parseError)).toBe(true);
      const { study, instances } = await archiveRows(t.tenantId, archive.study.studyInstanceUid);
      expect(study).toMatchObject({ state: 'IMPORTED', instance_count: archive.validEntries.length });
      expect(instances.map((i) => i.sop_instance_uid)).toEqual(
        archive.study.instances.map((i) => i.sopInstanceUid).sort(),
      );
      expect(await outboxEvents(t.tenantId, archive.study.studyInstanceUid)).toBe(1);
    },
    120_000,
  );

  it('stores an instance whose preamble is an executable header with the preamble zeroed', async () => {
    const archive = await writeExecutablePreambleZip(path.join(dir, 'exe'), path.join(dir, 'exe.zip'));
    const original = await readFile(archive.hostileInstance.path);
    expect(original.subarray(0, 2).toString('latin1')).toBe('MZ');
    const done = await importZip(reception, archive.zipPath, archive.study.studyInstanceUid);
    expect(done).toMatchObject({ state: 'COMPLETED', instancesStored: archive.validEntries.length + 1, skipped: [] });
    const stored = await storage.get(
      imagingStorageKeys.instance(
        t.tenantId,
        archive.study.studyInstanceUid,
        archive.hostileInstance.seriesInstanceUid,
        archive.hostileInstance.sopInstanceUid,
      ),
    );
    expect(stored.subarray(0, 128).every((b) => b === 0)).toBe(true);
    expect(stored.subarray(128).equals(original.subarray(128))).toBe(true);
  }, 120_000);
});
