import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DicomParseError, hasDicmMarker, parseInstanceHeader, planImport, zeroPreamble } from '@rayworks/dicom';
import {
  buildStudyFolder,
  readZipEntry,
  removeFixtures,
  writeExecutablePreambleZip,
  writeNonDicomZip,
  writeTruncatedDicomZip,
} from '../../src/index.js';

/** The fixtures agree with the project's own import rules and parser (libs/dicom), which the worker uses. */
describe('DICOM fixtures read by libs/dicom', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'dicom-fixtures-parse-'));
  });
  afterAll(async () => {
    await removeFixtures(work);
  });

  it('accepts every file of a built study folder and parses each header in every transfer syntax', async () => {
    const study = await buildStudyFolder(path.join(work, 'study'), { patientName: 'Parse^Me', patientId: 'PM-1' });
    const candidates = await Promise.all(
      study.instances.map(async (i) => {
        const bytes = await readFile(i.path);
        return { path: i.relativePath, size: bytes.length, head: bytes.subarray(0, 132) };
      }),
    );
    const plan = planImport(candidates);
    expect(plan.ok && plan.accepted.length).toBe(study.instances.length);
    expect(plan.ok && plan.studyId).toBe(study.studyInstanceUid);
    for (const instance of study.instances) {
      const header = parseInstanceHeader(await readFile(instance.path));
      expect({
        study: header.studyInstanceUid,
        series: header.seriesInstanceUid,
        sop: header.sopInstanceUid,
        syntax: header.transferSyntaxUid,
        patient: [header.patientName, header.patientId],
      }).toEqual({
        study: study.studyInstanceUid,
        series: instance.seriesInstanceUid,
        sop: instance.sopInstanceUid,
        syntax: instance.transferSyntaxUid,
        patient: ['Parse^Me', 'PM-1'],
      });
    }
  });

  it('gives the hostile entries the outcomes the worker relies on: not DICOM, a parse error, a preamble to zero', async () => {
    const nonDicom = await writeNonDicomZip(path.join(work, 'non'), path.join(work, 'non.zip'));
    expect(hasDicmMarker(await readZipEntry(nonDicom.zipPath, nonDicom.hostileEntry))).toBe(false);

    const truncated = await writeTruncatedDicomZip(path.join(work, 'cut'), path.join(work, 'cut.zip'));
    const cut = await readZipEntry(truncated.zipPath, truncated.hostileEntry);
    expect(hasDicmMarker(cut)).toBe(true);
    expect(() => parseInstanceHeader(cut)).toThrow(DicomParseError);

    const exe = await writeExecutablePreambleZip(path.join(work, 'exe'), path.join(work, 'exe.zip'));
    const polyglot = await readZipEntry(exe.zipPath, exe.hostileEntry);
    expect(parseInstanceHeader(polyglot).sopInstanceUid).toBe(exe.hostileSopInstanceUid);
    expect(zeroPreamble(polyglot)).toBe(true);
    expect(polyglot.subarray(0, 128).every((b) => b === 0)).toBe(true);
  });
});
