import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  FIXTURE_TRANSFER_SYNTAXES,
  buildLargeCtStudy,
  buildStudyFolder,
  countInflatedBytes,
  dcmdumpTags,
  listZipEntries,
  readZipEntry,
  removeFixtures,
  writeAbsolutePathZip,
  writeExecutablePreambleZip,
  writeNonDicomZip,
  writeSymlinkZip,
  writeTraversalZip,
  writeTruncatedDicomZip,
  writeZipBomb,
  zipFolder,
} from '../../src/index.js';

const run = promisify(execFile);
const DOTTED = /^[0-9]+(\.[0-9]+)*$/;

/** Every file under dir, relative, with / separators. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

describe('DICOM fixtures from pydicom test files', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'dicom-fixtures-'));
  });
  afterAll(async () => {
    await removeFixtures(work);
  });

  it('builds a real multi-series study as Study/Series/SOP.dcm that dcmdump reads, with fresh UIDs and the patient asked for', async () => {
    const dir = path.join(work, 'study');
    const study = await buildStudyFolder(dir, { patientName: 'Fixture^Jane', patientId: 'FX-1' });

    expect(study.series.map((s) => s.kind)).toEqual(['ct', 'ct-j2k', 'mr', 'mr-compressed', 'sc']);
    expect(study.instances).toHaveLength(10);
    expect(await filesUnder(dir)).toEqual(study.instances.map((i) => i.relativePath).sort());
    expect(new Set(study.instances.map((i) => i.transferSyntaxUid))).toEqual(
      new Set([
        FIXTURE_TRANSFER_SYNTAXES.explicitLittleEndian,
        FIXTURE_TRANSFER_SYNTAXES.implicitLittleEndian,
        FIXTURE_TRANSFER_SYNTAXES.explicitBigEndian,
        FIXTURE_TRANSFER_SYNTAXES.jpegBaseline,
        FIXTURE_TRANSFER_SYNTAXES.jpeg2000,
        FIXTURE_TRANSFER_SYNTAXES.jpeg2000Lossless,
        FIXTURE_TRANSFER_SYNTAXES.jpegLsLossless,
        FIXTURE_TRANSFER_SYNTAXES.rle,
      ]),
    );
    // pydicom's originals share one study UID; ours is new
    expect(study.studyInstanceUid).not.toBe('1.3.6.1.4.1.5962.1.2.1.20040119072730.12322');
    for (const instance of study.instances) {
      const [studyUid, seriesUid, file] = instance.relativePath.split('/');
      expect([studyUid, seriesUid, file.replace(/\.dcm$/, '')].every((p) => DOTTED.test(p) && p.length <= 64)).toBe(
        true,
      );
      const tags = await dcmdumpTags(instance.path, [
        '0002,0010',
        '0002,0003',
        '0020,000d',
        '0020,000e',
        '0008,0018',
        '0010,0010',
        '0010,0020',
      ]);
      expect(tags).toEqual({
        '0002,0010': expect.any(String),
        '0002,0003': file.replace(/\.dcm$/, ''),
        '0020,000d': studyUid,
        '0020,000e': seriesUid,
        '0008,0018': file.replace(/\.dcm$/, ''),
        '0010,0010': 'Fixture^Jane',
        '0010,0020': 'FX-1',
      });
      const bytes = await readFile(instance.path);
      expect(bytes.subarray(128, 132).toString('latin1')).toBe('DICM');
    }

    const other = await buildStudyFolder(path.join(work, 'other'), { series: ['mr'] });
    expect(other.studyInstanceUid).not.toBe(study.studyInstanceUid);
    expect(other.instances.map((i) => i.sopInstanceUid)).not.toContain(study.instances[2].sopInstanceUid);
  });

  it("builds the viewer's 3D phantom: a volume centred on the origin whose planes show air, bone shell and water", async () => {
    const study = await buildLargeCtStudy(path.join(work, 'volume'), {
      instances: 9,
      rows: 64,
      cols: 64,
      phantom: 'volume',
      pixelSpacing: 3,
      sliceSpacing: 15,
      seriesDescription: 'Volume phantom',
    });
    const tags = await Promise.all(
      study.instances.map((i) => dcmdumpTags(i.path, ['0020,0032', '0028,0030', '0018,0050', '0008,103e'])),
    );
    // positions: 9 slices 15 mm apart from +60 to -60, the columns and rows centred (63 x 3 mm / 2 = 94.5)
    expect(tags.map((t) => Number(t['0020,0032']!.split('\\')[2]))).toEqual([60, 45, 30, 15, 0, -15, -30, -45, -60]);
    expect(tags[0]!['0020,0032']!.split('\\').slice(0, 2).map(Number)).toEqual([-94.5, -94.5]);
    expect(tags[0]!['0028,0030']!.split('\\').map(Number)).toEqual([3, 3]);
    expect([Number(tags[0]!['0018,0050']), tags[0]!['0008,103e']]).toEqual([15, 'Volume phantom']);
    // the pixel data (7FE0,0010), explicit VR little endian: tag, 'OW', 2 reserved bytes, a 4-byte length
    const pixels = async (file: string) => {
      const bytes = await readFile(file);
      const start = bytes.lastIndexOf(Buffer.from([0xe0, 0x7f, 0x10, 0x00])) + 12;
      expect(bytes.readUInt32LE(start - 4)).toBe(64 * 64 * 2);
      return (row: number, col: number) => bytes.readInt16LE(start + (row * 64 + col) * 2);
    };
    // the middle slice: air in the corner, water at the centre, bone on the shell
    const middle = await pixels(study.instances[4]!.path);
    expect(Math.abs(middle(0, 0) + 1000)).toBeLessThanOrEqual(20);
    expect(Math.abs(middle(32, 20) - 35)).toBeLessThanOrEqual(20);
    // the shell along the row through the centre: the ellipsoid's x radius is 85 mm, the shell 6 mm thick
    const shellCol = Math.round((94.5 - 82) / 3);
    expect(middle(31, shellCol)).toBeGreaterThan(600);
    // the top slice (z = +60) cuts the ellipsoid (z radius 75 mm) near its pole: much less inside than the middle
    const top = await pixels(study.instances[0]!.path);
    const inside = (at: (r: number, c: number) => number) =>
      Array.from({ length: 64 * 64 }, (_, k) => at(Math.floor(k / 64), k % 64)).filter((v) => v > -500).length;
    expect(inside(top)).toBeLessThan(inside(middle) / 2);
  });

  it('builds a CT series of 512 x 512 x 16-bit slices with numbered, stacked positions', async () => {
    const study = await buildLargeCtStudy(path.join(work, 'large'), { instances: 4 });
    expect(study.instances).toHaveLength(4);
    const tags = await Promise.all(
      study.instances.map((i) =>
        dcmdumpTags(i.path, ['0028,0010', '0028,0011', '0028,0100', '0020,0013', '0020,0032']),
      ),
    );
    expect(tags.map((t) => [t['0028,0010'], t['0028,0011'], t['0028,0100'], t['0020,0013']])).toEqual([
      ['512', '512', '16', '1'],
      ['512', '512', '16', '2'],
      ['512', '512', '16', '3'],
      ['512', '512', '16', '4'],
    ]);
    expect(new Set(tags.map((t) => t['0020,0032'])).size).toBe(4);
    for (const i of study.instances) expect((await stat(i.path)).size).toBeGreaterThan(512 * 512 * 2);
  });

  it('zips a study folder with entries named Study/Series/SOP.dcm', async () => {
    const dir = path.join(work, 'zipped');
    const study = await buildStudyFolder(dir, { series: ['ct', 'mr'] });
    const zip = await zipFolder(dir, path.join(work, 'zipped.zip'));
    const entries = await listZipEntries(zip.zipPath);
    expect(entries.map((e) => e.name).sort()).toEqual(study.instances.map((i) => i.relativePath).sort());
    expect(entries.every((e) => e.compressionMethod === 8)).toBe(true);
    const first = study.instances[0];
    expect(await readZipEntry(zip.zipPath, first.relativePath)).toEqual(await readFile(first.path));
  });

  it('writes entries named ../evil.dcm and /etc/evil.dcm beside a valid study', async () => {
    for (const [write, name] of [
      [writeTraversalZip, '../evil.dcm'],
      [writeAbsolutePathZip, '/etc/evil.dcm'],
    ] as const) {
      const archive = await write(path.join(work, name.length.toString()), path.join(work, `${name.length}.zip`));
      const names = (await listZipEntries(archive.zipPath)).map((e) => e.name);
      expect(names.sort()).toEqual([...archive.validEntries, name].sort());
      expect(archive.hostileEntry).toBe(name);
      const evil = await readZipEntry(archive.zipPath, name);
      expect(evil.subarray(128, 132).toString('latin1')).toBe('DICM');
    }
  });

  it('writes a symbolic link entry: unix mode 0o120000 in the external attributes', async () => {
    const archive = await writeSymlinkZip(path.join(work, 'symlink'), path.join(work, 'symlink.zip'));
    const entries = await listZipEntries(archive.zipPath);
    const link = entries.find((e) => e.name === archive.hostileEntry)!;
    expect(link.mode & 0o170000).toBe(0o120000);
    expect(entries.filter((e) => e.name !== archive.hostileEntry).every((e) => (e.mode & 0o170000) === 0o100000)).toBe(
      true,
    );
    expect((await readZipEntry(archive.zipPath, archive.hostileEntry)).toString()).toBe('/etc/passwd');
  });

  it('writes a zip bomb that inflates to 1 GiB while its headers claim 1 MiB', async () => {
    const archive = await writeZipBomb(path.join(work, 'bomb'), path.join(work, 'bomb.zip'), {
      declaredUncompressedSize: 1024 * 1024,
    });
    const entry = (await listZipEntries(archive.zipPath)).find((e) => e.name === archive.hostileEntry)!;
    expect(entry.uncompressedSize).toBe(1024 * 1024);
    expect((await stat(archive.zipPath)).size).toBeLessThan(3 * 1024 * 1024);
    expect(await countInflatedBytes(archive.zipPath, archive.hostileEntry)).toBe(1024 ** 3);
    // writing and inflating 1 GiB is CPU work that a busy CI machine (Chromium, the stack) can stretch past 30 s
  }, 180_000);

  it('writes an honest bomb whose headers declare what it inflates to', async () => {
    const inflatedBytes = 64 * 1024 * 1024;
    const archive = await writeZipBomb(path.join(work, 'honest'), path.join(work, 'honest.zip'), { inflatedBytes });
    const entry = (await listZipEntries(archive.zipPath)).find((e) => e.name === archive.hostileEntry)!;
    expect(entry.uncompressedSize).toBe(inflatedBytes);
    expect(entry.compressedSize * 500).toBeLessThan(inflatedBytes);
    expect(await countInflatedBytes(archive.zipPath, archive.hostileEntry)).toBe(inflatedBytes);
  });

  it('writes a non-DICOM file named .dcm, a truncated DICOM and a DICOM with an executable preamble', async () => {
    const nonDicom = await writeNonDicomZip(path.join(work, 'non'), path.join(work, 'non.zip'));
    const text = await readZipEntry(nonDicom.zipPath, nonDicom.hostileEntry);
    expect(nonDicom.hostileEntry).toMatch(/\.dcm$/);
    expect(text.length).toBeGreaterThan(132);
    expect(text.subarray(128, 132).toString('latin1')).not.toBe('DICM');

    const truncated = await writeTruncatedDicomZip(path.join(work, 'cut'), path.join(work, 'cut.zip'));
    const cut = await readZipEntry(truncated.zipPath, truncated.hostileEntry);
    expect(cut.length).toBe(truncated.truncatedAt);
    expect(cut.length).toBeLessThan(truncated.fullSize / 2);
    expect(cut.subarray(128, 132).toString('latin1')).toBe('DICM');
    const cutFile = path.join(work, 'cut.dcm');
    await writeFile(cutFile, cut);
    await expect(run('dcmdump', ['-q', cutFile])).rejects.toThrow();

    const exe = await writeExecutablePreambleZip(path.join(work, 'exe'), path.join(work, 'exe.zip'));
    const polyglot = await readZipEntry(exe.zipPath, exe.hostileEntry);
    expect(polyglot.subarray(0, 2).toString('latin1')).toBe('MZ');
    expect(polyglot.subarray(128, 132).toString('latin1')).toBe('DICM');
    expect((await dcmdumpTags(exe.hostileInstance.path, ['0008,0018']))['0008,0018']).toBe(exe.hostileSopInstanceUid);
    expect((await listZipEntries(exe.zipPath)).map((e) => e.name).sort()).toEqual(
      [...exe.validEntries, exe.hostileEntry].sort(),
    );
  });
});
