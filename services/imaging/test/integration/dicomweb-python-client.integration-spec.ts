import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  buildStudyFolder,
  everyRoleTenant,
  FIXTURE_TRANSFER_SYNTAXES as TS,
  uniqueSuffix,
  type BuiltStudy,
  type EveryRoleTenant,
} from '@rayworks/testing';
import { dicomweb, loginAs } from './dicomweb-support.js';

/**
 * The outside DICOMweb client the testers used (issue 20's Done-when): the Python dicomweb-client 0.60 from PyPI,
 * installed pinned by deploy/local/dicom-tools.sh in .local/python-dicomweb, drives Rayworks through the gateway —
 * stores (STOW-RS), searches with standard keywords (PatientAge, InstitutionName), retrieves instances, frames and
 * metadata with its default transfer syntax, of implicit VR, big endian and compressed instances, and reads a bulk
 * data element by its BulkDataURI. The script (test/python/dicomweb_client_check.py) fails on any client error.
 */
const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../python/dicomweb_client_check.py', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PYTHON = path.join(process.env.LOCAL_DIR ?? path.join(ROOT, '.local'), 'python-dicomweb', 'bin', 'python');

interface Described {
  sop: string;
  transferSyntax: string;
  pixels: string;
  photometric: string;
}
interface ClientReport {
  referenced: string[];
  failed: number;
  byAge: { study: string; age: string | null }[];
  byInstitution: string[];
  mrSeries: string[];
  series: Described[];
  compressedSeries: Described[];
  implicitInstance: Described;
  implicitFrame: string;
  metadataCount: number;
  ctBulkLength: number;
}

function runClient(spec: object): Promise<ClientReport> {
  if (!existsSync(PYTHON)) throw new Error(`${PYTHON} is missing: run npm run infra:up dicom-tools`);
  const child = spawn(PYTHON, [SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  child.stdin.end(JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as ClientReport)
        : reject(new Error(`dicomweb-client failed (${code}):\n${Buffer.concat(err).toString('utf8')}`)),
    );
  });
}

/** SHA-256 of the Pixel Data's 16-bit words as dcmdump reads them (little endian), from a file. */
async function pixelSha(file: string): Promise<string> {
  const { stdout } = await run('dcmdump', ['+L', '+P', '7fe0,0010', file], { maxBuffer: 64 * 1024 * 1024 });
  const words = /O[WB] ([0-9a-f\\]+)/.exec(stdout)![1]!.split('\\');
  const bytes = Buffer.alloc(words.length * 2);
  words.forEach((w, i) => bytes.writeUInt16LE(parseInt(w, 16), i * 2));
  return createHash('sha256').update(bytes).digest('hex');
}

describe('the Python dicomweb-client 0.60 (PyPI) against Rayworks through the gateway', () => {
  let t: EveryRoleTenant;
  let dir: string;
  let study: BuiltStudy;
  let report: ClientReport;
  const patientId = `PY-${uniqueSuffix().toUpperCase()}`;

  beforeAll(async () => {
    t = await everyRoleTenant('dwp');
    dir = await mkdtemp(path.join(tmpdir(), 'dicomweb-python-'));
    study = await buildStudyFolder(path.join(dir, 'study'), {
      series: ['ct', 'mr', 'mr-compressed'],
      patientName: 'Python^Client',
      patientId,
    });
    const session = await loginAs(t, 'reception');
    const mr = study.series.find((s) => s.kind === 'mr')!;
    const implicit = mr.instances.find((i) => i.transferSyntaxUid === TS.implicitLittleEndian)!;
    const ct = study.series.find((s) => s.kind === 'ct')!.instances[0]!;
    report = await runClient({
      url: dicomweb,
      token: session.token,
      files: study.files,
      patientId,
      study: study.studyInstanceUid,
      series: mr.seriesInstanceUid,
      compressedSeries: study.series.find((s) => s.kind === 'mr-compressed')!.seriesInstanceUid,
      implicit: { series: implicit.seriesInstanceUid, sop: implicit.sopInstanceUid },
      ct: { series: ct.seriesInstanceUid, sop: ct.sopInstanceUid },
    });
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('stores every instance and reads the STOW answer', () => {
    expect(report.referenced).toEqual(study.instances.map((i) => i.sopInstanceUid).sort());
    expect(report.failed).toBe(0);
  });

  it('searches with PatientAge, InstitutionName and Modality, and gets PatientAge as an included field', () => {
    expect(report.byAge).toEqual([{ study: study.studyInstanceUid, age: '000Y' }]);
    expect(report.byInstitution).toEqual([study.studyInstanceUid]);
    expect(report.mrSeries).toEqual(
      study.series
        .filter((s) => s.modality === 'MR')
        .map((s) => s.seriesInstanceUid)
        .sort(),
    );
  });

  it('retrieves implicit VR, big endian and compressed instances in explicit VR little endian, same pixels', async () => {
    const reference = await pixelSha(study.series.find((s) => s.kind === 'mr')!.instances[0]!.path);
    for (const d of [...report.series, ...report.compressedSeries, report.implicitInstance]) {
      expect(d).toMatchObject({
        transferSyntax: TS.explicitLittleEndian,
        pixels: reference,
        photometric: 'MONOCHROME2',
      });
    }
    expect(report.series).toHaveLength(3);
    expect(report.compressedSeries).toHaveLength(3);
    expect(report.implicitFrame).toBe(reference);
  });

  it('reads the metadata and a bulk data element other than the pixel data by its BulkDataURI', () => {
    expect(report.metadataCount).toBe(study.instances.length);
    expect(report.ctBulkLength).toBe(2068);
  });
});
