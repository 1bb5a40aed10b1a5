import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import yazl from 'yazl';

/**
 * DICOM test data from outside the project: pydicom's real test files (Debian's python3-pydicom, installed by
 * deploy/local/dicom-tools.sh), arranged into Study/Series/instance.dcm folders with fresh UIDs by
 * libs/testing/scripts/dicom_fixtures.py (pydicom reads and writes every file; nothing is edited by hand), zipped
 * with yazl, plus the hostile archives the import worker must refuse. Nothing here is committed DICOM data.
 */

/** pydicom's test files (CT_small.dcm, MR_small*.dcm, JPEG, JPEG 2000, RLE, big endian variants ...). */
export const PYDICOM_TEST_FILES =
  process.env.PYDICOM_TEST_FILES ?? '/usr/lib/python3/dist-packages/pydicom/data/test_files';
/** Debian's Python, the one python3-pydicom is installed for (a `python3` earlier on PATH, e.g. pyenv's, lacks it). */
export const DICOM_PYTHON = process.env.DICOM_PYTHON ?? '/usr/bin/python3';
const FIXTURES_SCRIPT = fileURLToPath(new URL('../scripts/dicom_fixtures.py', import.meta.url));

/**
 * Series a study folder can be made of (see SERIES_KINDS in dicom_fixtures.py), one instance per source file:
 * - `ct`: CT_small.dcm, explicit VR little endian (its preamble holds a TIFF header, i.e. it is not empty)
 * - `ct-j2k`: 693_J2KI.dcm, a 512x512 CT slice in JPEG 2000
 * - `mr`: MR_small in explicit little, implicit little and explicit big endian
 * - `mr-compressed`: MR_small in RLE, JPEG 2000 lossless and JPEG-LS lossless
 * - `sc`: an RGB secondary capture in JPEG baseline and RLE
 * - `jpeg-12bit`: JPGExtended.dcm, an NM image in JPEG extended with 12-bit samples (not in the default study)
 * - `ecg`: waveform_ecg.dcm, a 12-lead ECG whose samples are bulk data in a sequence item (not in the default study)
 */
/** `mr-stack`: MR_small.dcm alone (explicit little endian), for a stack of copies (not in the default study). */
export type DicomSeriesKind = 'ct' | 'ct-j2k' | 'mr' | 'mr-compressed' | 'sc' | 'mr-stack' | 'jpeg-12bit' | 'ecg';
export const DICOM_SERIES_KINDS: readonly DicomSeriesKind[] = ['ct', 'ct-j2k', 'mr', 'mr-compressed', 'sc'];

export const FIXTURE_TRANSFER_SYNTAXES = {
  implicitLittleEndian: '1.2.840.10008.1.2',
  explicitLittleEndian: '1.2.840.10008.1.2.1',
  explicitBigEndian: '1.2.840.10008.1.2.2',
  jpegBaseline: '1.2.840.10008.1.2.4.50',
  jpegLsLossless: '1.2.840.10008.1.2.4.80',
  jpeg2000Lossless: '1.2.840.10008.1.2.4.90',
  jpeg2000: '1.2.840.10008.1.2.4.91',
  rle: '1.2.840.10008.1.2.5',
} as const;

/** Study-level attributes every instance of a built study shares; left out, the first source file's values. */
export interface StudyAttributes {
  /** DICOM person name, e.g. `Doe^Jane`. */
  patientName?: string;
  patientId?: string;
  /** YYYYMMDD */
  studyDate?: string;
  studyTime?: string;
  accessionNumber?: string;
  studyId?: string;
  studyDescription?: string;
  /** M, F or O; set only when given. */
  patientSex?: string;
  /** YYYYMMDD; set only when given. */
  patientBirthDate?: string;
}

export interface StudyFolderOptions extends StudyAttributes {
  /** The series, in order; default one of each kind (ct, ct-j2k, mr, mr-compressed, sc: 10 instances). */
  series?: (
    | DicomSeriesKind
    | {
        kind: DicomSeriesKind;
        copies?: number;
        seriesUid?: string;
        /** Attributes set on every instance of the series, by keyword (`{ PerformedProcedureStepStartDate: '20200315' }`). */
        attributes?: Record<string, string>;
      }
  )[];
  /** A Study Instance UID to use (re-import tests); default a new one. */
  studyUid?: string;
}

export interface BuiltInstance {
  sopInstanceUid: string;
  seriesInstanceUid: string;
  sopClassUid: string;
  transferSyntaxUid: string;
  modality: string;
  instanceNumber: number;
  /** Absolute path of the file. */
  path: string;
  /** `StudyUID/SeriesUID/SOPUID.dcm`: the path under the folder passed to the builder, and the zip entry name. */
  relativePath: string;
  size: number;
  /** The pydicom test file it was made from. */
  source: string;
}

export interface BuiltSeries {
  seriesInstanceUid: string;
  kind: DicomSeriesKind;
  modality: string;
  instances: BuiltInstance[];
}

export interface BuiltStudy {
  /** The folder the builder was given (holds `<StudyUID>/`). */
  dir: string;
  /** `dir/<StudyUID>` */
  root: string;
  studyInstanceUid: string;
  patientName: string;
  patientId: string;
  studyDate: string;
  accessionNumber: string;
  series: BuiltSeries[];
  /** Every instance of every series, in order. */
  instances: BuiltInstance[];
  /** Every file's absolute path. */
  files: string[];
  /** Sum of the file sizes. */
  bytes: number;
}

/** A new UID, `2.25.<a random UUID as a decimal integer>` (PS3.5 B.2): dotted numeric, at most 64 characters. */
export const newDicomUid = (): string => `2.25.${BigInt(`0x${randomUUID().replaceAll('-', '')}`)}`;

type ScriptStudy = Omit<BuiltStudy, 'instances' | 'files' | 'bytes'>;

/** Runs one command of dicom_fixtures.py with a JSON spec on stdin and returns its JSON answer. */
export function runDicomFixturesScript<T>(command: string, spec: object): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(DICOM_PYTHON, [FIXTURES_SCRIPT, command], {
      env: { ...process.env, PYDICOM_TEST_FILES },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) =>
      reject(new Error(`${DICOM_PYTHON} failed to start (${e.message}): run bash deploy/local/dicom-tools.sh up`)),
    );
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`dicom_fixtures.py ${command} exited ${code}: ${err.trim()}`));
      try {
        resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as T);
      } catch (e) {
        reject(new Error(`dicom_fixtures.py ${command} printed no JSON: ${(e as Error).message}; ${err.trim()}`));
      }
    });
    child.stdin.end(JSON.stringify(spec));
  });
}

function complete(study: ScriptStudy): BuiltStudy {
  const instances = study.series.flatMap((s) => s.instances);
  return {
    ...study,
    instances,
    files: instances.map((i) => i.path),
    bytes: instances.reduce((sum, i) => sum + i.size, 0),
  };
}

/**
 * Writes a real multi-series study as `dir/<StudyUID>/<SeriesUID>/<SOPUID>.dcm` (the import folder layout) from
 * pydicom's test files, with new Study/Series/SOP Instance UIDs (and the study attributes given, patient name and ID
 * included) so that each test has a study of its own. Default: CT, CT JPEG 2000, MR in three uncompressed transfer
 * syntaxes, MR compressed (RLE, JPEG 2000, JPEG-LS) and a JPEG baseline / RLE secondary capture: 5 series, 10 files.
 */
export async function buildStudyFolder(dir: string, options: StudyFolderOptions = {}): Promise<BuiltStudy> {
  await mkdir(dir, { recursive: true });
  const { series, ...rest } = options;
  const spec = {
    ...rest,
    dir: path.resolve(dir),
    series: (series ?? DICOM_SERIES_KINDS).map((s) => (typeof s === 'string' ? { kind: s } : s)),
  };
  return complete(await runDicomFixturesScript<ScriptStudy>('study', spec));
}

export interface LargeCtOptions extends StudyAttributes {
  instances: number;
  rows?: number;
  cols?: number;
  studyUid?: string;
  /**
   * `rolled` (default): one noisy disc, each slice rolled by a few rows (cheap; the benchmark's data). `volume`: a
   * 3D phantom (bone-shelled ellipsoid, a lesion sphere, a calcification, an air tube along z, a bone rod along x)
   * centred on the origin, so the axial, sagittal and coronal planes of MPR all show sensible anatomy.
   */
  phantom?: 'rolled' | 'volume';
  /** Millimetres between pixels (default 0.8 for `volume`, 0.7 otherwise). */
  pixelSpacing?: number;
  /** Millimetres between slices (default 1.5 for `volume`, 1 otherwise). */
  sliceSpacing?: number;
  /** The `volume` phantom's lesion radius in millimetres (default 20): a prior study can show it smaller. */
  lesionMm?: number;
  seriesDescription?: string;
  /**
   * Millimetres added to every slice's position along z (default 0): a study of another table position, whose slices
   * share no range with a study at 0 (the images show the same phantom).
   */
  zOffset?: number;
  /** Attributes set on every instance, by keyword (`{ ReferringPhysicianName: 'IYER^MEERA' }`). */
  attributes?: Record<string, string>;
}

/**
 * Writes one CT series of `instances` slices of rows x cols x 16 bit (default 512 x 512: 0.5 MB each), derived from
 * CT_small.dcm with new pixel data (a noisy phantom, each slice different), new UIDs, InstanceNumber 1..N and
 * ImagePositionPatient stepping 1 mm. About 250 instances/s on one core: 5,000 instances (2.6 GB) in ~20 s.
 */
export async function buildLargeCtStudy(dir: string, options: LargeCtOptions): Promise<BuiltStudy> {
  await mkdir(dir, { recursive: true });
  return complete(
    await runDicomFixturesScript<ScriptStudy>('large-ct', { rows: 512, cols: 512, ...options, dir: path.resolve(dir) }),
  );
}

/**
 * dcmtk's dcmdump (Debian), an outside reader of DICOM files: the values of the tags asked for (`'0020,000d'`),
 * top-level occurrence only (dcmdump also prints those nested in sequences). Throws when dcmdump cannot read the file.
 */
export async function dcmdumpTags(file: string, tags: string[]): Promise<Record<string, string>> {
  const { stdout } = await promisify(execFile)('dcmdump', ['-q', ...tags.flatMap((t) => ['+P', t]), file]);
  const values: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const m = /^\(([0-9a-f]{4},[0-9a-f]{4})\) \S\S (?:\[([^\]]*)\]|=?(\S+))/.exec(line.trim());
    if (m && !(m[1] in values)) values[m[1]] = m[2] ?? m[3];
  }
  return values;
}

// ---------------------------------------------------------------------------------------------------------------
// zip

export interface ZipEntrySource {
  /** The entry name, exactly as stored (yazl refuses `..` and absolute names: see patchZipEntry for those). */
  name: string;
  file?: string;
  buffer?: Buffer;
  stream?: NodeJS.ReadableStream;
  /** Unix mode with file type, stored in the high 16 bits of the external attributes (default 0o100644). */
  mode?: number;
  /** 0 stores; default 6 (zlib's default, what the console uses). */
  compressionLevel?: number;
}

/** Writes a zip (yazl; zip64 where sizes need it) from the given entries, streaming files and streams. */
export async function writeZip(
  zipPath: string,
  entries: ZipEntrySource[],
): Promise<{ zipPath: string; bytes: number }> {
  await mkdir(path.dirname(zipPath), { recursive: true });
  const zip = new yazl.ZipFile();
  const done = pipeline(zip.outputStream, createWriteStream(zipPath));
  for (const entry of entries) {
    const options = { mode: entry.mode ?? 0o100644, compressionLevel: entry.compressionLevel ?? 6 };
    if (entry.file) zip.addFile(entry.file, entry.name, options);
    else if (entry.buffer) zip.addBuffer(entry.buffer, entry.name, options);
    else if (entry.stream) zip.addReadStream(entry.stream, entry.name, options);
    else throw new Error(`zip entry ${entry.name} has no content`);
  }
  zip.end();
  await done;
  return { zipPath, bytes: (await stat(zipPath)).size };
}

async function listFiles(dir: string, under = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(dir, under), { withFileTypes: true })) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(dir, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

/**
 * Zips every file under `dir`, each entry named by its path relative to `dir` with `/` separators: for a folder
 * built by buildStudyFolder(dir) the entries are `StudyUID/SeriesUID/SOPUID.dcm`. Deflate level 6 by default.
 */
export async function zipFolder(
  dir: string,
  zipPath: string,
  { compressionLevel = 6 }: { compressionLevel?: number } = {},
): Promise<{ zipPath: string; entries: string[]; bytes: number }> {
  const entries = await listFiles(dir);
  const { bytes } = await writeZip(
    zipPath,
    entries.map((name) => ({ name, file: path.join(dir, name), compressionLevel })),
  );
  return { zipPath, entries, bytes };
}

export interface ZipEntryInfo {
  name: string;
  /** What the central directory claims. */
  uncompressedSize: number;
  compressedSize: number;
  /** Unix mode with file type (external attributes >>> 16); `mode & 0o170000` is 0o120000 for a symlink. */
  mode: number;
  compressionMethod: number;
}

// The hostile archives must be readable as they are: names not decoded (yauzl would refuse `../x` and `/x`) and
// entry sizes not checked against the declared ones.
const RAW_ZIP_READING: yauzl.Options = { lazyEntries: true, decodeStrings: false, validateEntrySizes: false };
const entryName = (entry: yauzl.Entry): string => {
  const raw = entry.fileName as unknown;
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
};

/** The entries of a zip as its central directory describes them (yauzl; nothing is inflated). */
export function listZipEntries(zipPath: string): Promise<ZipEntryInfo[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, RAW_ZIP_READING, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries: ZipEntryInfo[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push({
          name: entryName(entry),
          uncompressedSize: entry.uncompressedSize,
          compressedSize: entry.compressedSize,
          mode: entry.externalFileAttributes >>> 16,
          compressionMethod: entry.compressionMethod,
        });
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Inflates one entry and counts the bytes it really produces, whatever its headers claim (streams; no buffer). */
export function countInflatedBytes(zipPath: string, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, RAW_ZIP_READING, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      let found = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entryName(entry) !== name) return zip.readEntry();
        found = true;
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          let bytes = 0;
          stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
          stream.on('end', () => {
            zip.close();
            resolve(bytes);
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => found || reject(new Error(`no entry ${name} in ${zipPath}`)));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** One entry's inflated bytes, for small entries (tests looking into an archive). */
export function readZipEntry(zipPath: string, name: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, RAW_ZIP_READING, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      let found = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entryName(entry) !== name) return zip.readEntry();
        found = true;
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks));
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => found || reject(new Error(`no entry ${name} in ${zipPath}`)));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * Edits a written zip in place where a zip library will not write what a hostile archive needs: renames an entry
 * (to a name of the same byte length, in its local header and its central directory record: e.g. `../evil.dcm`,
 * which yazl refuses to write) and/or replaces the uncompressed size an entry declares (central directory, local
 * header, and the data descriptor when general purpose bit 3 is set). CRCs cover contents only, so the archive
 * stays otherwise valid. Reads the zip into memory: for small archives (the hostile ones are ~1 MB at most).
 */
export async function patchZipEntry(
  zipPath: string,
  name: string,
  patch: { rename?: string; declaredUncompressedSize?: number },
): Promise<void> {
  const zip = await readFile(zipPath);
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error(`${zipPath}: no end of central directory record`);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const nameBytes = Buffer.from(name, 'utf8');
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${zipPath}: bad central directory record at ${at}`);
    const flags = zip.readUInt16LE(at + 8);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.subarray(at + 46, at + 46 + nameLength).equals(nameBytes)) {
      if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`${zipPath}: bad local header at ${local}`);
      if (patch.rename !== undefined) {
        const renamed = Buffer.from(patch.rename, 'utf8');
        if (renamed.length !== nameLength) throw new Error(`rename ${name} -> ${patch.rename}: lengths differ`);
        renamed.copy(zip, at + 46);
        renamed.copy(zip, local + 30);
      }
      if (patch.declaredUncompressedSize !== undefined) {
        const size = patch.declaredUncompressedSize;
        zip.writeUInt32LE(size, at + 24);
        if (flags & 0x08) {
          const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
          const descriptor = data + compressedSize;
          if (zip.readUInt32LE(descriptor) !== 0x08074b50) throw new Error(`${zipPath}: no data descriptor signature`);
          zip.writeUInt32LE(size, descriptor + 12);
        } else {
          zip.writeUInt32LE(size, local + 22);
        }
      }
      await writeFile(zipPath, zip);
      return;
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${zipPath}: no entry ${name}`);
}

// ---------------------------------------------------------------------------------------------------------------
// hostile archives for the import worker

export interface HostileArchive {
  zipPath: string;
  /** The valid study in the archive beside the hostile entry (every one of its instances should still import). */
  study: BuiltStudy;
  /** Entry names of the valid study's instances. */
  validEntries: string[];
  /** The hostile entry's name, exactly as stored. */
  hostileEntry: string;
  /** The SOP Instance UID of the hostile entry when it is a DICOM instance. */
  hostileSopInstanceUid?: string;
}

export interface ZipBombArchive extends HostileArchive {
  /** Bytes the hostile entry really inflates to. */
  inflatedBytes: number;
  /** Bytes its headers claim (equal to inflatedBytes unless the archive lies). */
  declaredUncompressedSize: number;
}

/** A small valid study (CT x2 and MR in three transfer syntaxes: 5 instances, 2 series) for the hostile archives. */
const HOSTILE_STUDY_SERIES: StudyFolderOptions['series'] = [{ kind: 'ct', copies: 2 }, 'mr'];

async function hostileBase(dir: string, options: StudyFolderOptions) {
  const study = await buildStudyFolder(path.join(dir, 'study'), { series: HOSTILE_STUDY_SERIES, ...options });
  const entries: ZipEntrySource[] = study.instances.map((i) => ({ name: i.relativePath, file: i.path }));
  return { study, entries, validEntries: entries.map((e) => e.name) };
}

interface ScriptInstance extends BuiltInstance {
  truncatedAt?: number;
  fullSize?: number;
}

/** One more instance of the study's first series, made by pydicom in a folder outside the study's. */
function extraInstance(dir: string, study: BuiltStudy, hostile?: 'executable-preamble' | 'truncated') {
  return runDicomFixturesScript<ScriptInstance>('instance', {
    dir: path.resolve(dir, 'extra'),
    studyUid: study.studyInstanceUid,
    seriesUid: study.series[0].seriesInstanceUid,
    patientName: study.patientName,
    patientId: study.patientId,
    studyDate: study.studyDate,
    hostile,
  });
}

/**
 * One new instance (CT_small.dcm, explicit VR little endian, by pydicom) of the given study and series — new ones
 * when not given — written as `dir/<Study>/<Series>/<SOP>.dcm`; `sopUid` makes it claim that SOP Instance UID.
 */
export async function buildInstance(
  dir: string,
  options: StudyAttributes & { studyUid?: string; seriesUid?: string; sopUid?: string } = {},
): Promise<BuiltInstance & { studyInstanceUid: string }> {
  const { studyUid = newDicomUid(), seriesUid, ...rest } = options;
  const built = await runDicomFixturesScript<BuiltInstance>('instance', {
    ...rest,
    dir: path.resolve(dir),
    studyUid,
    seriesUid: seriesUid ?? newDicomUid(),
  });
  return { ...built, studyInstanceUid: studyUid };
}

/**
 * One multi-frame CT instance of `frames` frames of rows x cols x 16 bit (default 1200 of 512 x 512: 600 MiB), by
 * pydicom, whose pixel data deflates about 25 times: an instance larger than any import may hold in memory.
 */
export function buildBigInstance(
  dir: string,
  options: StudyAttributes & { frames?: number; rows?: number; cols?: number; studyUid?: string } = {},
): Promise<BuiltInstance & { studyInstanceUid: string }> {
  return runDicomFixturesScript('big-instance', { ...options, dir: path.resolve(dir) });
}

/** `name` with its first characters replaced by `x`s, as long as `name` in bytes: written first, then renamed. */
const placeholderFor = (name: string) => 'x'.repeat(name.indexOf('evil')) + name.slice(name.indexOf('evil'));

async function renamedEntryZip(dir: string, zipPath: string, hostileName: string, options: StudyFolderOptions) {
  const { study, entries, validEntries } = await hostileBase(dir, options);
  const evil = await extraInstance(dir, study);
  const placeholder = placeholderFor(hostileName);
  await writeZip(zipPath, [...entries, { name: placeholder, file: evil.path }]);
  await patchZipEntry(zipPath, placeholder, { rename: hostileName });
  return { zipPath, study, validEntries, hostileEntry: hostileName, hostileSopInstanceUid: evil.sopInstanceUid };
}

/** A valid study plus a valid DICOM instance stored as `../evil.dcm` (path traversal). */
export function writeTraversalZip(
  dir: string,
  zipPath: string,
  options: StudyFolderOptions = {},
): Promise<HostileArchive> {
  return renamedEntryZip(dir, zipPath, '../evil.dcm', options);
}

/** A valid study plus a valid DICOM instance stored as `/etc/evil.dcm` (absolute path). */
export function writeAbsolutePathZip(
  dir: string,
  zipPath: string,
  options: StudyFolderOptions = {},
): Promise<HostileArchive> {
  return renamedEntryZip(dir, zipPath, '/etc/evil.dcm', options);
}

/**
 * A valid study plus a symbolic link entry `Study/Series/<uid>.dcm` pointing at `/etc/passwd`: unix mode 0o120777
 * in the high 16 bits of the external attributes (made by unix), the link target as its content.
 */
export async function writeSymlinkZip(
  dir: string,
  zipPath: string,
  options: StudyFolderOptions = {},
): Promise<HostileArchive> {
  const { study, entries, validEntries } = await hostileBase(dir, options);
  const hostileEntry = `${study.studyInstanceUid}/${study.series[0].seriesInstanceUid}/${newDicomUid()}.dcm`;
  await writeZip(zipPath, [...entries, { name: hostileEntry, buffer: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
  return { zipPath, study, validEntries, hostileEntry };
}

export interface ZipBombOptions extends StudyFolderOptions {
  /** Bytes the bomb entry inflates to; default 1 GiB of zeros (~1 MB compressed). */
  inflatedBytes?: number;
  /** Make the headers claim this uncompressed size instead of the real one (e.g. 1 MiB). */
  declaredUncompressedSize?: number;
}

/**
 * A valid study plus `Study/Series/<uid>.dcm` that inflates to 1 GiB of zeros (ratio ~1000:1). With
 * `declaredUncompressedSize` the archive lies: its central directory and data descriptor claim that size, so only
 * counting the bytes actually inflated reveals the bomb. Deflating 1 GiB takes a few seconds of one core.
 */
export async function writeZipBomb(
  dir: string,
  zipPath: string,
  options: ZipBombOptions = {},
): Promise<ZipBombArchive> {
  const { inflatedBytes = 1024 ** 3, declaredUncompressedSize, ...studyOptions } = options;
  const { study, entries, validEntries } = await hostileBase(dir, studyOptions);
  const hostileEntry = `${study.studyInstanceUid}/${study.series[0].seriesInstanceUid}/${newDicomUid()}.dcm`;
  const chunk = Buffer.alloc(1024 * 1024);
  async function* zeros() {
    for (let left = inflatedBytes; left > 0; left -= chunk.length)
      yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  }
  await writeZip(zipPath, [...entries, { name: hostileEntry, stream: Readable.from(zeros()), compressionLevel: 9 }]);
  if (declaredUncompressedSize !== undefined) await patchZipEntry(zipPath, hostileEntry, { declaredUncompressedSize });
  return {
    zipPath,
    study,
    validEntries,
    hostileEntry,
    inflatedBytes,
    declaredUncompressedSize: declaredUncompressedSize ?? inflatedBytes,
  };
}

/** A valid study plus a text file (pydicom's README.txt, 15 kB, no DICM at byte 128) renamed `<uid>.dcm`. */
export async function writeNonDicomZip(
  dir: string,
  zipPath: string,
  options: StudyFolderOptions = {},
): Promise<HostileArchive> {
  const { study, entries, validEntries } = await hostileBase(dir, options);
  const hostileEntry = `${study.studyInstanceUid}/${study.series[0].seriesInstanceUid}/${newDicomUid()}.dcm`;
  await writeZip(zipPath, [...entries, { name: hostileEntry, file: path.join(PYDICOM_TEST_FILES, 'README.txt') }]);
  return { zipPath, study, validEntries, hostileEntry };
}

/**
 * A valid study plus one more instance of its first series cut off in the middle of its Study Instance UID value:
 * the preamble and DICM are there, the header ends inside an element.
 */
export async function writeTruncatedDicomZip(
  dir: string,
  zipPath: string,
  options: StudyFolderOptions = {},
): Promise<HostileArchive & { truncatedAt: number; fullSize: number }> {
  const { study, entries, validEntries } = await hostileBase(dir, options);
  const cut = await extraInstance(dir, study, 'truncated');
  await writeZip(zipPath, [...entries, { name: cut.relativePath, file: cut.path }]);
  return {
    zipPath,
    study,
    validEntries,
    hostileEntry: cut.relativePath,
    hostileSopInstanceUid: cut.sopInstanceUid,
    truncatedAt: cut.truncatedAt!,
    fullSize: cut.fullSize!,
  };
}

/**
 * A valid study plus one more valid instance whose 128-byte preamble is an MS-DOS executable header ('MZ' ...):
 * a polyglot DICOM/PE file (CVE-2019-11687). The instance itself is fine; the worker must store it with a zeroed
 * preamble. (The CT_small-based instances of every study also have a non-empty preamble: a TIFF header.)
 */
export async function writeExecutablePreambleZip(
  dir: string,
  zipPath: string,
  options: StudyFolderOptions = {},
): Promise<HostileArchive & { hostileInstance: BuiltInstance }> {
  const { study, entries, validEntries } = await hostileBase(dir, options);
  const exe = await extraInstance(dir, study, 'executable-preamble');
  await writeZip(zipPath, [...entries, { name: exe.relativePath, file: exe.path }]);
  return {
    zipPath,
    study,
    validEntries,
    hostileEntry: exe.relativePath,
    hostileSopInstanceUid: exe.sopInstanceUid,
    hostileInstance: exe,
  };
}

/** Removes a fixture folder (tests build under a temporary directory of their own). */
export async function removeFixtures(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
