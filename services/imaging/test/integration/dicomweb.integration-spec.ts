import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { ApiClient, credentialsOf } from '@rayworks/api-client';
import { AUTH_API, IMAGING_API, type UserSession } from '@rayworks/contracts';
import {
  buildStudyFolder,
  everyRoleTenant,
  FIXTURE_TRANSFER_SYNTAXES,
  uniqueSuffix,
  type BuiltStudy,
  type EveryRoleTenant,
} from '@rayworks/testing';
import {
  base,
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
 * DICOMweb against the real stack through the gateway (PS3.18): STOW-RS stores real pydicom files, QIDO-RS finds
 * them by every matching key, WADO-RS gives back the stored bytes, metadata, frames and rendered images; another
 * company's user and a centre outside the study's reach get nothing of it.
 */
const run = promisify(execFile);

/** The pixel data as dcmtk's dcmdump reads it (an independent parser): 16-bit words, little endian. */
async function pixelDataByDcmdump(file: string): Promise<Buffer> {
  const { stdout } = await run('dcmdump', ['+L', '+P', '7fe0,0010', file], { maxBuffer: 64 * 1024 * 1024 });
  const words = /OW ([0-9a-f\\]+)/.exec(stdout)![1]!.split('\\');
  const out = Buffer.alloc(words.length * 2);
  words.forEach((w, i) => out.writeUInt16LE(parseInt(w, 16), i * 2));
  return out;
}

type Json = Record<string, { vr: string; Value?: unknown[]; BulkDataURI?: string }>;
const value = (json: Json, tag: string): unknown => json[tag]?.Value?.[0];
const uidsOf = (rows: unknown): string[] => (rows as Json[]).map((r) => value(r, '0020000D') as string);

describe('DICOMweb', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let dir: string;
  let s1: BuiltStudy;
  let s2: BuiltStudy;
  let reception: UserSession;
  let radiologist: UserSession;
  let adminA: UserSession;
  let centreAdminC3: UserSession;
  let adminB: UserSession;
  const tag = uniqueSuffix().toUpperCase();

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('dwa'), everyRoleTenant('dwb')]);
    dir = await mkdtemp(path.join(tmpdir(), 'dicomweb-it-'));
    s1 = await buildStudyFolder(path.join(dir, 's1'), {
      series: ['ct', 'mr', 'sc'],
      patientName: `Doe${tag}^Jane`,
      patientId: `PID-${tag}-1`,
      studyDate: '20200315',
      accessionNumber: `ACC${tag}1`,
      studyDescription: 'Chest study',
    });
    s2 = await buildStudyFolder(path.join(dir, 's2'), {
      series: ['mr'],
      patientName: `Smith${tag}^John`,
      patientId: `PID-${tag}-2`,
      studyDate: '20211201',
      accessionNumber: `ACC${tag}2`,
    });
    [reception, radiologist, adminA, centreAdminC3, adminB] = await Promise.all([
      loginAs(a, 'reception'),
      loginAs(a, 'radiologist'),
      loginAs(a, 'admin'),
      loginAs(a, 'centre.admin'),
      loginAs(b, 'admin'),
    ]);
  }, 180_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe('STOW-RS', () => {
    it('stores every instance of a study and lists them in ReferencedSOPSequence (200)', async () => {
      const { status, json } = await stow(reception, s1.files);
      expect(status).toBe(200);
      const referenced = (json['00081199']?.Value ?? []) as Json[];
      expect(referenced.map((r) => value(r, '00081155')).sort()).toEqual(
        s1.instances.map((i) => i.sopInstanceUid).sort(),
      );
      expect(json['00081198']).toBeUndefined();
      expect(value(json as Json, '00081190')).toBe(`/api/imaging/dicomweb/studies/${s1.studyInstanceUid}`);
      expect((await stow(reception, s2.files)).status).toBe(200);
    });

    it('reports a part that is not DICOM in FailedSOPSequence with FailureReason C000 and stores the rest (202)', async () => {
      const extra = await buildStudyFolder(path.join(dir, 'partial'), { series: ['mr'] });
      const { status, json } = await stow(reception, [Buffer.from('not a dicom file at all'), extra.files[0]!]);
      expect(status).toBe(202);
      const failed = (json['00081198']?.Value ?? []) as Json[];
      expect(failed.map((f) => value(f, '00081197'))).toEqual([0xc000]);
      expect(((json['00081199']?.Value ?? []) as Json[]).map((r) => value(r, '00081155'))).toEqual([
        extra.instances[0]!.sopInstanceUid,
      ]);
    });

    it('fails an instance of another study than /studies/{uid} names (A900), and answers 409 when nothing was stored', async () => {
      const other = await buildStudyFolder(path.join(dir, 'other'), { series: ['mr'] });
      const { status, json } = await stow(reception, [other.files[0]!], s1.studyInstanceUid);
      expect(status).toBe(409);
      const failed = (json['00081198']?.Value ?? []) as Json[];
      expect(failed.map((f) => [value(f, '00081155'), value(f, '00081197')])).toEqual([
        [other.instances[0]!.sopInstanceUid, 0xa900],
      ]);
      const q = await getJson(adminA, `/studies?StudyInstanceUID=${other.studyInstanceUid}`);
      expect(q.json).toEqual([]);
    });

    it('refuses a body that is not multipart/related (415) and a caller without WORKLIST IMPORT (403)', async () => {
      const res = await fetch(`${dicomweb}/studies`, {
        method: 'POST',
        headers: { ...bearer(reception), 'Content-Type': 'application/json', Accept: 'application/dicom+json' },
        body: '{}',
      });
      expect(res.status).toBe(415);
      const typist = await loginAs(a, 'typist');
      expect((await stow(typist, [s1.files[0]!])).status).toBe(403);
    });
  });

  describe('QIDO-RS', () => {
    const studies = async (query: string, who: UserSession = adminA) => {
      const r = await getJson(who, `/studies?${query}`);
      expect(r.status).toBe(200);
      return r.json as Json[];
    };

    it('matches PatientName with * and ? wildcards, case-insensitively', async () => {
      expect(uidsOf(await studies(`PatientName=doe${tag}*`))).toEqual([s1.studyInstanceUid]);
      expect(uidsOf(await studies(`PatientName=*${tag.toLowerCase()}^JOHN`))).toEqual([s2.studyInstanceUid]);
      expect(uidsOf(await studies(`PatientName=D?E${tag}^JANE`))).toEqual([s1.studyInstanceUid]);
      expect(uidsOf(await studies(`PatientName=Doe${tag}^Jane`))).toEqual([s1.studyInstanceUid]);
      expect(await studies(`PatientName=Doe${tag}`)).toEqual([]);
    });

    it('matches PatientID, AccessionNumber and StudyInstanceUID lists (comma or repeated)', async () => {
      expect(uidsOf(await studies(`PatientID=PID-${tag}-2`))).toEqual([s2.studyInstanceUid]);
      expect(uidsOf(await studies(`00080050=ACC${tag}1`))).toEqual([s1.studyInstanceUid]);
      const both = [s1.studyInstanceUid, s2.studyInstanceUid].sort();
      expect(uidsOf(await studies(`StudyInstanceUID=${both.join(',')}`)).sort()).toEqual(both);
      expect(uidsOf(await studies(`StudyInstanceUID=${both[0]}&StudyInstanceUID=${both[1]}`)).sort()).toEqual(both);
    });

    it('matches StudyDate as a date and as closed and open ranges', async () => {
      const mine = `PatientID=PID-${tag}-*`;
      expect(uidsOf(await studies(`${mine}&StudyDate=20200315`))).toEqual([s1.studyInstanceUid]);
      expect(uidsOf(await studies(`${mine}&StudyDate=20200101-20201231`))).toEqual([s1.studyInstanceUid]);
      expect(uidsOf(await studies(`${mine}&StudyDate=20210101-`))).toEqual([s2.studyInstanceUid]);
      expect(uidsOf(await studies(`${mine}&StudyDate=-20201231`))).toEqual([s1.studyInstanceUid]);
      expect(uidsOf(await studies(`${mine}&StudyDate=20200101-20221231`))).toEqual([
        s2.studyInstanceUid,
        s1.studyInstanceUid,
      ]);
    });

    it('matches ModalitiesInStudy and answers the required attributes (counts, modalities, RetrieveURL)', async () => {
      const mine = `PatientID=PID-${tag}-*`;
      expect(uidsOf(await studies(`${mine}&ModalitiesInStudy=CT`))).toEqual([s1.studyInstanceUid]);
      expect(uidsOf(await studies(`${mine}&ModalitiesInStudy=MR`)).sort()).toEqual(
        [s1.studyInstanceUid, s2.studyInstanceUid].sort(),
      );
      const [row] = await studies(`StudyInstanceUID=${s1.studyInstanceUid}`);
      expect(value(row!, '00201206')).toBe(3);
      expect(value(row!, '00201208')).toBe(s1.instances.length);
      expect((row!['00080061']?.Value as string[]).sort()).toEqual(
        [...new Set(s1.series.map((s) => s.modality))].sort(),
      );
      expect(value(row!, '00081190')).toBe(`/api/imaging/dicomweb/studies/${s1.studyInstanceUid}`);
      expect(value(row!, '00100020')).toBe(`PID-${tag}-1`);
      expect(value(row!, '00100010')).toEqual({ Alphabetic: `Doe${tag}^Jane` });
      expect(row!['00080020']?.vr).toBe('DA');
    });

    it('answers includefield (keyword, tag, all), limit and offset; ignores fuzzymatching', async () => {
      const q = `StudyInstanceUID=${s1.studyInstanceUid}`;
      const [plain] = await studies(q);
      expect(plain!['00100030']).toBeDefined();
      const [withDescription] = await studies(`${q}&includefield=StudyDescription&fuzzymatching=true`);
      expect(value(withDescription!, '00081030')).toBe('Chest study');
      const [all] = await studies(`${q}&includefield=all`);
      expect(Object.keys(all!).length).toBeGreaterThanOrEqual(Object.keys(plain!).length);
      const mine = `PatientID=PID-${tag}-*&StudyDate=20200101-20221231`;
      const first = uidsOf(await studies(`${mine}&limit=1`));
      const second = uidsOf(await studies(`${mine}&limit=1&offset=1`));
      expect(first).toEqual([s2.studyInstanceUid]);
      expect(second).toEqual([s1.studyInstanceUid]);
      const limited = await getJson(adminA, `/studies?${mine}&limit=1`);
      expect(limited.headers.get('warning')).toMatch(/additional results/);
    });

    it('answers 400 for bad parameters and 406 for an answer type it cannot give', async () => {
      for (const q of [
        'StudyDate=2020',
        'StudyDate=20201231-20200101',
        'limit=abc',
        'limit=0',
        'offset=-1',
        'NoSuchKey=1',
        'includefield=NoSuchAttribute',
      ])
        expect((await getJson(adminA, `/studies?${q}`)).status).toBe(400);
      expect((await getJson(adminA, '/studies', 'application/dicom')).status).toBe(406);
    });

    it('searches series and instances of a study, and at the top level', async () => {
      const series = (await getJson(adminA, `/studies/${s1.studyInstanceUid}/series`)).json as Json[];
      expect(series.map((s) => value(s, '0020000E')).sort()).toEqual(s1.series.map((s) => s.seriesInstanceUid).sort());
      const ct = s1.series.find((s) => s.kind === 'ct')!;
      const row = series.find((s) => value(s, '0020000E') === ct.seriesInstanceUid)!;
      expect(value(row, '00201209')).toBe(ct.instances.length);
      expect(value(row, '00080060')).toBe('CT');
      const mr = (await getJson(adminA, `/studies/${s1.studyInstanceUid}/series?Modality=MR`)).json as Json[];
      expect(mr.map((s) => value(s, '00080060'))).toEqual(mr.map(() => 'MR'));
      expect(mr.length).toBe(s1.series.filter((s) => s.modality === 'MR').length);
      const instances = (
        await getJson(adminA, `/studies/${s1.studyInstanceUid}/series/${ct.seriesInstanceUid}/instances`)
      ).json as Json[];
      expect(instances.map((i) => value(i, '00080018'))).toEqual(ct.instances.map((i) => i.sopInstanceUid));
      expect(value(instances[0]!, '00280010')).toBe(128);
      const top = (await getJson(adminA, `/instances?SOPInstanceUID=${ct.instances[0]!.sopInstanceUid}`))
        .json as Json[];
      expect(top.map((i) => value(i, '0020000D'))).toEqual([s1.studyInstanceUid]);
      const topSeries = (await getJson(adminA, `/series?SeriesInstanceUID=${ct.seriesInstanceUid}`)).json as Json[];
      expect(topSeries.map((s) => value(s, '00100020'))).toEqual([`PID-${tag}-1`]);
    });

    it("is the same matching as the archive page's list (getStudies)", async () => {
      const api = new ApiClient({ baseUrl: base });
      const page = await api.call(
        IMAGING_API.getStudies,
        {
          page: 1,
          pageSize: 20,
          sortDir: 'asc',
          patientName: `doe${tag}*`,
          studyDateFrom: '20200101',
          studyDateTo: '20201231',
        },
        { session: credentialsOf(adminA) },
      );
      expect(page.items.map((s) => s.studyInstanceUid)).toEqual([s1.studyInstanceUid]);
      expect(page.items[0]).toMatchObject({ instanceCount: s1.instances.length, seriesCount: 3, state: 'IMPORTED' });
      expect(page.items[0]!.sizeBytes).toBeGreaterThan(0);
      const none = await api.call(
        IMAGING_API.getStudies,
        { page: 1, pageSize: 20, sortDir: 'asc', patientName: `doe${tag}*` },
        { session: credentialsOf(centreAdminC3) },
      );
      expect(none.items).toEqual([]);
    });
  });

  describe('WADO-RS', () => {
    const ctOf = (s: BuiltStudy) => s.series.find((x) => x.kind === 'ct')!;
    const jpegOf = (s: BuiltStudy) =>
      s.instances.find((i) => i.transferSyntaxUid === FIXTURE_TRANSFER_SYNTAXES.jpegBaseline)!;
    const instancePath = (s: BuiltStudy, i: { seriesInstanceUid: string; sopInstanceUid: string }) =>
      `/studies/${s.studyInstanceUid}/series/${i.seriesInstanceUid}/instances/${i.sopInstanceUid}`;

    it('retrieves an instance as multipart/related application/dicom with the stored bytes', async () => {
      const ct = ctOf(s1).instances[0]!;
      const r = await getBytes(
        radiologist,
        instancePath(s1, ct),
        'multipart/related; type="application/dicom"; transfer-syntax=*',
      );
      expect(r.status).toBe(200);
      expect(r.contentType).toMatch(/^multipart\/related; type="application\/dicom"; boundary=/);
      const parts = multipartParts(r.body, r.contentType);
      expect(parts).toHaveLength(1);
      expect(parts[0]!.headers['content-type']).toBe(`application/dicom; transfer-syntax=${ct.transferSyntaxUid}`);
      expect(parts[0]!.body.equals(await storedBytesOf(ct.path))).toBe(true);
    });

    it('retrieves a whole study as stored (transfer-syntax=*), every instance byte for byte', async () => {
      const r = await getBytes(
        adminA,
        `/studies/${s1.studyInstanceUid}`,
        'multipart/related; type="application/dicom"; transfer-syntax=*',
      );
      expect(r.status).toBe(200);
      const parts = multipartParts(r.body, r.contentType);
      expect(parts).toHaveLength(s1.instances.length);
      const expected = new Map(
        await Promise.all(s1.instances.map(async (i) => [i.sopInstanceUid, await storedBytesOf(i.path)] as const)),
      );
      for (const part of parts) {
        const sop = part.headers['content-location']!.split('/').pop()!;
        expect(part.body.equals(expected.get(sop)!)).toBe(true);
      }
    });

    it('answers 406 for a compressed transfer syntax it would have to encode to, and for a non-DICOM type', async () => {
      const jpeg = jpegOf(s1);
      const ct = ctOf(s1).instances[0]!;
      expect(
        (
          await getBytes(
            adminA,
            instancePath(s1, ct),
            `multipart/related; type="application/dicom"; transfer-syntax=${FIXTURE_TRANSFER_SYNTAXES.jpeg2000Lossless}`,
          )
        ).status,
      ).toBe(406);
      expect((await getBytes(adminA, instancePath(s1, jpeg), 'application/json')).status).toBe(406);
    });

    it('answers metadata as DICOM JSON with a BulkDataURI for the pixel data', async () => {
      const r = await getJson(adminA, `/studies/${s1.studyInstanceUid}/metadata`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/dicom+json');
      const rows = r.json as Json[];
      expect(rows).toHaveLength(s1.instances.length);
      for (const row of rows) {
        expect(value(row, '0020000D')).toBe(s1.studyInstanceUid);
        for (const [t, attr] of Object.entries(row)) {
          expect(t).toMatch(/^[0-9A-F]{8}$/);
          expect(typeof attr.vr).toBe('string');
        }
        const sop = value(row, '00080018') as string;
        expect(row['7FE00010']?.BulkDataURI).toMatch(
          new RegExp(`/instances/${sop.replace(/\./g, '\\.')}/bulkdata/7FE00010$`),
        );
      }
      const ct = ctOf(s1).instances[0]!;
      const bulk = await getBytes(
        adminA,
        `${instancePath(s1, ct)}/bulkdata/7FE00010`,
        'multipart/related; type="application/octet-stream"',
      );
      expect(bulk.status).toBe(200);
      expect(multipartParts(bulk.body, bulk.contentType)[0]!.body.length).toBe(128 * 128 * 2);
    });

    it('gives native frames sliced from the pixel data and JPEG frames from their fragments', async () => {
      const ct = ctOf(s1).instances[0]!;
      const native = await getBytes(
        adminA,
        `${instancePath(s1, ct)}/frames/1`,
        'multipart/related; type="application/octet-stream"',
      );
      expect(native.status).toBe(200);
      const [frame] = multipartParts(native.body, native.contentType);
      expect(frame!.body.length).toBe(128 * 128 * 2);
      expect(frame!.body.equals(await pixelDataByDcmdump(ct.path))).toBe(true);

      const jpeg = jpegOf(s1);
      const compressed = await getBytes(
        adminA,
        `${instancePath(s1, jpeg)}/frames/1`,
        'multipart/related; type="image/jpeg"',
      );
      expect(compressed.status).toBe(200);
      const [jframe] = multipartParts(compressed.body, compressed.contentType);
      expect(jframe!.headers['content-type']).toBe(
        `image/jpeg; transfer-syntax=${FIXTURE_TRANSFER_SYNTAXES.jpegBaseline}`,
      );
      expect(jframe!.body.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect((await sharp(jframe!.body).metadata()).format).toBe('jpeg');
      const any = await getBytes(
        adminA,
        `${instancePath(s1, jpeg)}/frames/1`,
        'multipart/related; type="application/octet-stream"; transfer-syntax=*',
      );
      expect(any.status).toBe(200);
      // native frames of compressed data: decoded (explicit VR little endian, the default)
      const decoded = await getBytes(
        adminA,
        `${instancePath(s1, jpeg)}/frames/1`,
        'multipart/related; type="application/octet-stream"',
      );
      expect(decoded.status).toBe(200);
      const [decodedFrame] = multipartParts(decoded.body, decoded.contentType);
      expect(decodedFrame!.headers['content-type']).toBe(
        `application/octet-stream; transfer-syntax=${FIXTURE_TRANSFER_SYNTAXES.explicitLittleEndian}`,
      );
      expect(decodedFrame!.body.subarray(0, 2).toString('hex')).not.toBe('ffd8');
      expect(
        (
          await getBytes(
            adminA,
            `${instancePath(s1, ct)}/frames/2`,
            'multipart/related; type="application/octet-stream"',
          )
        ).status,
      ).toBe(400);
    });

    it('renders uncompressed, JPEG baseline and RLE images as real JPEG and PNG, thumbnails small, and 406 for what it cannot', async () => {
      const ct = ctOf(s1).instances[0]!;
      const jpegRendered = await getBytes(adminA, `${instancePath(s1, ct)}/rendered`, 'image/jpeg');
      expect(jpegRendered.status).toBe(200);
      expect(jpegRendered.contentType).toBe('image/jpeg');
      expect(await sharp(jpegRendered.body).metadata()).toMatchObject({ format: 'jpeg', width: 128, height: 128 });
      const stats = await sharp(jpegRendered.body).stats();
      expect(stats.channels[0]!.max - stats.channels[0]!.min).toBeGreaterThan(50);
      const png = await getBytes(adminA, `${instancePath(s1, ct)}/frames/1/rendered`, 'image/png');
      expect(png.status).toBe(200);
      expect((await sharp(png.body).metadata()).format).toBe('png');
      const sc = jpegOf(s1);
      const rgb = await getBytes(adminA, `${instancePath(s1, sc)}/rendered`, 'image/png');
      expect(rgb.status).toBe(200);
      expect((await sharp(rgb.body).metadata()).channels).toBe(3);
      const thumb = await getBytes(adminA, `${instancePath(s1, ct)}/thumbnail?viewport=64,64`, 'image/jpeg');
      expect(await sharp(thumb.body).metadata()).toMatchObject({ format: 'jpeg', width: 64 });
      const studyThumb = await getBytes(adminA, `/studies/${s1.studyInstanceUid}/thumbnail`, 'image/jpeg');
      expect(studyThumb.status).toBe(200);
      const rle = s1.instances.find((i) => i.transferSyntaxUid === FIXTURE_TRANSFER_SYNTAXES.rle)!;
      // RLE is decoded first (dcmtk), then rendered
      const rleRendered = await getBytes(adminA, `${instancePath(s1, rle)}/rendered`, 'image/jpeg');
      expect(rleRendered.status).toBe(200);
      expect((await sharp(rleRendered.body).metadata()).format).toBe('jpeg');
      expect((await getBytes(adminA, `${instancePath(s1, ct)}/rendered`, 'image/gif')).status).toBe(406);
    });
  });

  describe('who sees what', () => {
    it("gives another company's user nothing: empty QIDO, 404 WADO, and its STOW never touches this company", async () => {
      expect((await getJson(adminB, `/studies?StudyInstanceUID=${s1.studyInstanceUid}`)).json).toEqual([]);
      expect((await getJson(adminB, `/studies?PatientID=PID-${tag}-*`)).json).toEqual([]);
      expect((await getJson(adminB, `/instances?SOPInstanceUID=${s1.instances[0]!.sopInstanceUid}`)).json).toEqual([]);
      expect((await getJson(adminB, `/studies/${s1.studyInstanceUid}/metadata`)).status).toBe(404);
      const i = s1.instances[0]!;
      const path1 = `/studies/${s1.studyInstanceUid}/series/${i.seriesInstanceUid}/instances/${i.sopInstanceUid}`;
      expect((await getBytes(adminB, path1, 'multipart/related; type="application/dicom"')).status).toBe(404);
      expect(
        (await getBytes(adminB, `${path1}/frames/1`, 'multipart/related; type="application/octet-stream"')).status,
      ).toBe(404);
      expect((await getBytes(adminB, `${path1}/rendered`, 'image/jpeg')).status).toBe(404);
      // the same UIDs stored by the other company make a study of its own; this company's is unchanged
      expect((await stow(adminB, [s1.files[0]!], s1.studyInstanceUid)).status).toBe(200);
      const [mine] = (await getJson(adminA, `/studies?StudyInstanceUID=${s1.studyInstanceUid}`)).json as Json[];
      expect(value(mine!, '00201208')).toBe(s1.instances.length);
      const [theirs] = (await getJson(adminB, `/studies?StudyInstanceUID=${s1.studyInstanceUid}`)).json as Json[];
      expect(value(theirs!, '00201208')).toBe(1);
    });

    it('gives a user of another centre of the same company nothing, and refuses its STOW into the study', async () => {
      expect((await getJson(centreAdminC3, `/studies?StudyInstanceUID=${s1.studyInstanceUid}`)).json).toEqual([]);
      expect((await getJson(centreAdminC3, `/studies/${s1.studyInstanceUid}/metadata`)).status).toBe(404);
      const more = await buildStudyFolder(path.join(dir, 'more'), { series: ['mr'], studyUid: s1.studyInstanceUid });
      const { status, json } = await stow(centreAdminC3, [more.files[0]!]);
      expect(status).toBe(409);
      expect(((json['00081198']?.Value ?? []) as Json[]).map((f) => value(f, '00081197'))).toEqual([0x0124]);
    });

    it('takes the access token alone, refuses none (401) and a token whose session ended (401)', async () => {
      expect((await fetch(`${dicomweb}/studies`, { headers: { Accept: 'application/dicom+json' } })).status).toBe(401);
      const gone = await loginAs(a, 'admin');
      expect((await getJson(gone, '/studies?limit=1')).status).toBe(200);
      await new ApiClient({ baseUrl: base }).call(AUTH_API.logout, {}, { session: credentialsOf(gone) });
      expect((await getJson(gone, '/studies?limit=1')).status).toBe(401);
    });
  });
});
