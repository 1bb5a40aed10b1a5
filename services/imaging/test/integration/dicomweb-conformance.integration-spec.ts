import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { UserSession } from '@rayworks/contracts';
import {
  buildStudyFolder,
  everyRoleTenant,
  FIXTURE_TRANSFER_SYNTAXES as TS,
  uniqueSuffix,
  type BuiltInstance,
  type BuiltStudy,
  type EveryRoleTenant,
} from '@rayworks/testing';
import {
  bearer,
  dicomweb,
  getBytes,
  getJson,
  loginAs,
  multipartParts,
  stow,
  storedBytesOf,
} from './dicomweb-support.js';

/**
 * DICOMweb conformance (PS3.18) as outside testers found it wanting (issue 20, items 16–21), against the real stack
 * through the gateway: exact DICOM JSON media type, transcoding to the default and asked transfer syntaxes (checked
 * with dcmtk's dcmdump and dicom3tools' dciodvfy, independent readers), bulk data beyond pixel data, QIDO on any
 * keyword of the dictionary, rendered studies and series and 12-bit JPEG, single-part answers and WWW-Authenticate.
 */
const run = promisify(execFile);
type Json = Record<string, { vr: string; Value?: unknown[]; BulkDataURI?: string; InlineBinary?: string }>;
const value = (json: Json, tag: string): unknown => json[tag]?.Value?.[0];

/** Pixel Data as 16-bit words read by dcmdump (+L: the whole value), little-endian bytes, from a file. */
async function pixelWords(file: string): Promise<Buffer> {
  const { stdout } = await run('dcmdump', ['+L', '+P', '7fe0,0010', file], { maxBuffer: 64 * 1024 * 1024 });
  const words = /O[WB] ([0-9a-f\\]+)/.exec(stdout)![1]!.split('\\');
  const out = Buffer.alloc(words.length * 2);
  words.forEach((w, i) => out.writeUInt16LE(parseInt(w, 16), i * 2));
  return out;
}

/** A data set's transfer syntax as dcmdump reads it from the file meta information. */
async function transferSyntaxOf(file: string): Promise<string> {
  const { stdout } = await run('dcmdump', ['-q', '-Un', '+P', '0002,0010', file]);
  return /\[([0-9.]+)\]/.exec(stdout)![1]!;
}

/** dciodvfy's errors (dicom3tools): each "Error - ..." line, the file's own SOP class checked. */
async function dciodvfyErrors(file: string): Promise<string[]> {
  const result = await run('dciodvfy', [file]).catch((e: { stdout?: string; stderr?: string }) => e);
  const text = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  return text.split('\n').filter((line) => line.startsWith('Error'));
}

describe('DICOMweb conformance (issue 20, items 16–21)', () => {
  let t: EveryRoleTenant;
  let dir: string;
  let study: BuiltStudy;
  let other: BuiltStudy;
  let session: UserSession;
  const tag = uniqueSuffix().toUpperCase();
  const by = (source: string): BuiltInstance => study.instances.find((i) => i.source === source)!;
  const pathOf = (s: BuiltStudy, i: BuiltInstance) =>
    `/studies/${s.studyInstanceUid}/series/${i.seriesInstanceUid}/instances/${i.sopInstanceUid}`;
  const save = async (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    return file;
  };

  beforeAll(async () => {
    t = await everyRoleTenant('dwk');
    dir = await mkdtemp(path.join(tmpdir(), 'dicomweb-conformance-'));
    study = await buildStudyFolder(path.join(dir, 'study'), {
      series: [
        'ct',
        'mr',
        'mr-compressed',
        'sc',
        'jpeg-12bit',
        { kind: 'ecg', attributes: { PerformedProcedureStepStartDate: '20200315' } },
      ],
      patientName: `Conform${tag}^Ann`,
      patientId: `PID-${tag}`,
      studyDate: '20200315',
      studyTime: '101500',
    });
    other = await buildStudyFolder(path.join(dir, 'other'), {
      series: [{ kind: 'mr', attributes: { PerformedProcedureStepStartDate: '20210101' } }],
      patientName: `Other${tag}^Bob`,
      patientId: `PID-${tag}`,
      studyDate: '20200315',
      studyTime: '183000',
    });
    session = await loginAs(t, 'reception');
    const [a, b] = [await stow(session, study.files), await stow(session, other.files)];
    expect([a.status, b.status]).toEqual([200, 200]);
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe('16: DICOM JSON is exactly application/dicom+json', () => {
    it('on STOW, QIDO and metadata answers (no charset parameter)', async () => {
      const extra = await buildStudyFolder(path.join(dir, 'extra'), { series: ['mr-stack'] });
      const res = await fetch(`${dicomweb}/studies`, {
        method: 'POST',
        headers: {
          ...bearer(session),
          Accept: 'application/dicom+json',
          'Content-Type': 'multipart/related; type="application/dicom"; boundary=b0undary',
        },
        body: Buffer.concat([
          Buffer.from('--b0undary\r\nContent-Type: application/dicom\r\n\r\n'),
          await readFile(extra.files[0]!),
          Buffer.from('\r\n--b0undary--\r\n'),
        ]),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/dicom+json');
      const qido = await getJson(session, `/studies?PatientID=PID-${tag}`);
      expect(qido.headers.get('content-type')).toBe('application/dicom+json');
      const metadata = await getJson(session, `/studies/${study.studyInstanceUid}/metadata`);
      expect(metadata.headers.get('content-type')).toBe('application/dicom+json');
    });
  });

  describe('17: transcoding', () => {
    const retrieveOne = async (i: BuiltInstance, accept: string) => {
      const r = await getBytes(session, pathOf(study, i), accept);
      expect(r.status).toBe(200);
      const [part] = multipartParts(r.body, r.contentType);
      return part!;
    };

    it('gives an implicit VR and a big endian instance in explicit VR little endian by default, same pixels', async () => {
      const reference = await pixelWords(by('MR_small.dcm').path);
      for (const source of ['MR_small_implicit.dcm', 'MR_small_bigendian.dcm']) {
        const part = await retrieveOne(by(source), 'multipart/related; type="application/dicom"');
        expect(part.headers['content-type']).toBe(`application/dicom; transfer-syntax=${TS.explicitLittleEndian}`);
        const file = await save(`${source}.explicit.dcm`, part.body);
        expect(await transferSyntaxOf(file)).toBe(TS.explicitLittleEndian);
        expect((await pixelWords(file)).equals(reference)).toBe(true);
        // no error dciodvfy does not also find in the stored file
        const before = await dciodvfyErrors(by(source).path);
        expect((await dciodvfyErrors(file)).filter((e) => !before.includes(e))).toEqual([]);
      }
    });

    it('gives explicit VR little endian when asked for it by name, and implicit VR / big endian the other way', async () => {
      const implicit = await retrieveOne(
        by('MR_small_implicit.dcm'),
        `multipart/related; type="application/dicom"; transfer-syntax=${TS.explicitLittleEndian}`,
      );
      expect(await transferSyntaxOf(await save('implicit-asked.dcm', implicit.body))).toBe(TS.explicitLittleEndian);
      const big = await retrieveOne(
        by('MR_small.dcm'),
        `multipart/related; type="application/dicom"; transfer-syntax=${TS.explicitBigEndian}`,
      );
      const bigFile = await save('big.dcm', big.body);
      expect(await transferSyntaxOf(bigFile)).toBe(TS.explicitBigEndian);
      expect((await pixelWords(bigFile)).equals(await pixelWords(by('MR_small.dcm').path))).toBe(true);
    });

    it('decodes RLE, JPEG-LS and JPEG 2000 lossless instances to the same pixels, and JPEG baseline to RGB', async () => {
      const reference = await pixelWords(by('MR_small.dcm').path);
      for (const source of ['MR_small_RLE.dcm', 'MR_small_jpeg_ls_lossless.dcm', 'MR_small_jp2klossless.dcm']) {
        const part = await retrieveOne(by(source), 'multipart/related; type="application/dicom"');
        const file = await save(`${source}.decoded.dcm`, part.body);
        expect(await transferSyntaxOf(file)).toBe(TS.explicitLittleEndian);
        expect((await pixelWords(file)).equals(reference)).toBe(true);
        expect(await dciodvfyErrors(file)).toEqual([]);
      }
      const jpeg = await retrieveOne(by('SC_rgb_jpeg_dcmtk.dcm'), 'multipart/related; type="application/dicom"');
      const file = await save('jpeg.decoded.dcm', jpeg.body);
      expect(await transferSyntaxOf(file)).toBe(TS.explicitLittleEndian);
      const { stdout } = await run('dcmdump', ['-q', '+P', '0028,0004', file]);
      expect(stdout).toContain('[RGB]');
    });

    it('keeps the stored bytes with transfer-syntax=* and with the stored syntax named', async () => {
      const i = by('MR_small_implicit.dcm');
      for (const syntax of ['*', TS.implicitLittleEndian]) {
        const part = await retrieveOne(i, `multipart/related; type="application/dicom"; transfer-syntax=${syntax}`);
        expect(part.body.equals(await storedBytesOf(i.path))).toBe(true);
      }
    });

    it('gives native frames of an implicit VR instance as explicit VR little endian, and decodes compressed frames', async () => {
      const reference = await pixelWords(by('MR_small.dcm').path);
      const implicit = await getBytes(
        session,
        `${pathOf(study, by('MR_small_implicit.dcm'))}/frames/1`,
        `multipart/related; type="application/octet-stream"; transfer-syntax=${TS.explicitLittleEndian}`,
      );
      expect(implicit.status).toBe(200);
      const [frame] = multipartParts(implicit.body, implicit.contentType);
      expect(frame!.headers['content-type']).toBe(
        `application/octet-stream; transfer-syntax=${TS.explicitLittleEndian}`,
      );
      expect(frame!.body.equals(reference)).toBe(true);
      for (const source of ['MR_small_bigendian.dcm', 'MR_small_jpeg_ls_lossless.dcm']) {
        const r = await getBytes(
          session,
          `${pathOf(study, by(source))}/frames/1`,
          'multipart/related; type="application/octet-stream"',
        );
        expect(r.status).toBe(200);
        expect(multipartParts(r.body, r.contentType)[0]!.body.equals(reference)).toBe(true);
      }
    });

    it('answers 406 for a compressed syntax it would have to encode to', async () => {
      const r = await getBytes(
        session,
        pathOf(study, by('MR_small.dcm')),
        `multipart/related; type="application/dicom"; transfer-syntax=${TS.jpegBaseline}`,
      );
      expect(r.status).toBe(406);
    });
  });

  describe('18: bulk data beyond the pixel data', () => {
    it('gives binary attributes over 1 KiB a BulkDataURI, top level and in sequence items, and serves their bytes', async () => {
      const ct = by('CT_small.dcm');
      const r = await getJson(session, `${pathOf(study, ct)}/metadata`);
      const [json] = r.json as Json[];
      const uri = json!['00431029']?.BulkDataURI;
      expect(uri).toBe(`/api/imaging/dicomweb${pathOf(study, ct)}/bulkdata/00431029`);
      const bulk = await getBytes(session, uri!.replace('/api/imaging/dicomweb', ''), 'application/octet-stream');
      expect(bulk.status).toBe(200);
      const { stdout } = await run('dcmdump', ['+L', '+P', '0043,1029', ct.path]);
      const expected = Buffer.from(/OB ([0-9a-f\\]+)/.exec(stdout)![1]!.split('\\').join(''), 'hex');
      expect(bulk.body.equals(expected)).toBe(true);

      const ecg = by('waveform_ecg.dcm');
      const [waveform] = (await getJson(session, `${pathOf(study, ecg)}/metadata`)).json as Json[];
      const item = (waveform!['54000100']!.Value as Json[])[0]!;
      expect(item['54001010']?.BulkDataURI).toBe(
        `/api/imaging/dicomweb${pathOf(study, ecg)}/bulkdata/54000100.0.54001010`,
      );
      const samples = await getBytes(
        session,
        `${pathOf(study, ecg)}/bulkdata/54000100.0.54001010`,
        'multipart/related; type="application/octet-stream"',
      );
      expect(samples.status).toBe(200);
      expect(multipartParts(samples.body, samples.contentType)[0]!.body.length).toBe(240_000);
      expect((await getBytes(session, `${pathOf(study, ecg)}/bulkdata/00431029`, '*/*')).status).toBe(404);
    });
  });

  describe('19: QIDO on any keyword of the dictionary', () => {
    const studies = async (query: string) => {
      const r = await getJson(session, `/studies?PatientID=PID-${tag}&${query}`);
      expect(r.status).toBe(200);
      return (r.json as Json[]).map((s) => value(s, '0020000D'));
    };

    it('matches PatientAge and InstitutionName, and includefield=PatientAge gives the value', async () => {
      expect(await studies('PatientAge=000Y')).toEqual([study.studyInstanceUid]);
      expect(await studies('InstitutionName=JFK*')).toEqual([study.studyInstanceUid]);
      expect((await studies('InstitutionName=TOSHIBA')).sort()).toEqual(
        [study.studyInstanceUid, other.studyInstanceUid].sort(),
      );
      expect(await studies('InstitutionName=Nowhere')).toEqual([]);
      const r = await getJson(session, `/studies?StudyInstanceUID=${study.studyInstanceUid}&includefield=PatientAge`);
      expect(r.status).toBe(200);
      expect(value((r.json as Json[])[0]!, '00101010')).toBe('000Y');
      expect((await getJson(session, `/studies?PatientAge=abc&includefield=NoSuchKeyword`)).status).toBe(400);
    });

    it('matches StudyTime as a time and a range', async () => {
      expect(await studies('StudyTime=101500')).toEqual([study.studyInstanceUid]);
      expect(await studies('StudyTime=1000-1100')).toEqual([study.studyInstanceUid]);
      expect(await studies('StudyTime=1800-')).toEqual([other.studyInstanceUid]);
      expect((await getJson(session, '/studies?StudyTime=1x')).status).toBe(400);
    });

    it('matches the series-level PerformedProcedureStepStartDate and answers it', async () => {
      const r = await getJson(
        session,
        `/series?PatientID=PID-${tag}&PerformedProcedureStepStartDate=20210101-20211231`,
      );
      expect(r.status).toBe(200);
      const rows = r.json as Json[];
      expect(rows.map((s) => value(s, '0020000D'))).toEqual([other.studyInstanceUid]);
      expect(value(rows[0]!, '00400244')).toBe('20210101');
      const mine = (
        await getJson(session, `/studies/${study.studyInstanceUid}/series?PerformedProcedureStepStartDate=20200315`)
      ).json as Json[];
      expect(mine.map((s) => value(s, '00080060'))).toEqual(['ECG']);
    });
  });

  describe('20: rendered studies and series, 12-bit JPEG', () => {
    it('renders a study and a series as multipart JPEG, one image per instance with pixel data', async () => {
      const mr = study.series.find((s) => s.kind === 'mr')!;
      const series = await getBytes(
        session,
        `/studies/${study.studyInstanceUid}/series/${mr.seriesInstanceUid}/rendered`,
        'multipart/related; type="image/jpeg"',
      );
      expect(series.status).toBe(200);
      const parts = multipartParts(series.body, series.contentType);
      expect(parts).toHaveLength(mr.instances.length);
      for (const part of parts) expect((await sharp(part.body).metadata()).format).toBe('jpeg');
      const whole = await getBytes(session, `/studies/${study.studyInstanceUid}/rendered`, '*/*');
      expect(whole.status).toBe(200);
      // every instance but the ECG (no pixel data)
      expect(multipartParts(whole.body, whole.contentType)).toHaveLength(study.instances.length - 1);
      expect((await getBytes(session, `/studies/${study.studyInstanceUid}/rendered`, 'image/jpeg')).status).toBe(406);
    });

    it('renders a 12-bit JPEG instance (decoded by dcmtk) instead of failing', async () => {
      const nm = by('JPGExtended.dcm');
      const r = await getBytes(session, `${pathOf(study, nm)}/rendered`, 'image/jpeg');
      expect(r.status).toBe(200);
      const stats = await sharp(r.body).stats();
      expect(stats.channels[0]!.max - stats.channels[0]!.min).toBeGreaterThan(50);
    });
  });

  describe('21: single-part answers and WWW-Authenticate', () => {
    it('answers Accept: application/dicom on an instance with the instance alone, on a study with 406', async () => {
      const ct = by('CT_small.dcm');
      const r = await getBytes(session, pathOf(study, ct), 'application/dicom');
      expect(r.status).toBe(200);
      expect(r.contentType).toBe(`application/dicom; transfer-syntax=${TS.explicitLittleEndian}`);
      expect(r.body.equals(await storedBytesOf(ct.path))).toBe(true);
      expect((await getBytes(session, `/studies/${study.studyInstanceUid}`, 'application/dicom')).status).toBe(406);
    });

    it('says Bearer in WWW-Authenticate on a 401, with invalid_token when a token was sent', async () => {
      const none = await fetch(`${dicomweb}/studies`, { headers: { Accept: 'application/dicom+json' } });
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer realm="dicomweb"');
      const bad = await fetch(`${dicomweb}/studies`, {
        headers: { Accept: 'application/dicom+json', Authorization: 'Bearer not.a.token' },
      });
      expect(bad.status).toBe(401);
      expect(bad.headers.get('www-authenticate')).toBe('Bearer realm="dicomweb", error="invalid_token"');
    });
  });
});
