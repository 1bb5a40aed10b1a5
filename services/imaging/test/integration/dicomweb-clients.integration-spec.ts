import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import dicomwebClient from 'dicomweb-client';
import XMLHttpRequest from 'xhr2';
import type { UserSession } from '@rayworks/contracts';
import {
  buildStudyFolder,
  everyRoleTenant,
  startOrthanc,
  type BuiltStudy,
  type EveryRoleTenant,
  type OrthancHandle,
} from '@rayworks/testing';
import { bearer, dicomweb, getJson, loginAs, stow, storedBytesOf } from './dicomweb-support.js';

/**
 * DICOMweb clients written by others against Rayworks through the gateway: the `dicomweb-client` npm package (in
 * node through the xhr2 XMLHttpRequest), Debian's Orthanc with its DICOMweb plugin configured with Rayworks as a
 * remote server, and dcmtk's dcmdump reading what was retrieved.
 */
const run = promisify(execFile);
type Json = Record<string, { vr: string; Value?: unknown[] }>;
/** The calls used here (the package's generated types make every option required). */
interface DicomwebClient {
  storeInstances(o: { datasets: ArrayBuffer[] }): Promise<unknown>;
  searchForStudies(o: { queryParams: Record<string, string> }): Promise<unknown>;
  searchForSeries(o: { studyInstanceUID: string }): Promise<unknown>;
  retrieveStudyMetadata(o: { studyInstanceUID: string }): Promise<unknown>;
  retrieveInstance(o: {
    studyInstanceUID: string;
    seriesInstanceUID: string;
    sopInstanceUID: string;
  }): Promise<unknown>;
  retrieveInstanceFrames(o: {
    studyInstanceUID: string;
    seriesInstanceUID: string;
    sopInstanceUID: string;
    frameNumbers: number[];
  }): Promise<unknown>;
}
const DICOMwebClient = dicomwebClient.api.DICOMwebClient as unknown as new (options: {
  url: string;
  headers: Record<string, string>;
}) => DicomwebClient;
const value = (json: Json, tag: string): unknown => json[tag]?.Value?.[0];
/** Orthanc's /dicom-web/servers/…/qido answers each attribute's value simplified (a string, not an array). */
const orthancValue = (json: Record<string, { Value?: unknown }>, tag: string): unknown => {
  const v = json[tag]?.Value;
  return Array.isArray(v) ? v[0] : v;
};

describe('independent DICOMweb clients', () => {
  let t: EveryRoleTenant;
  let dir: string;
  let study: BuiltStudy;
  let session: UserSession;

  beforeAll(async () => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = XMLHttpRequest;
    t = await everyRoleTenant('dwc');
    dir = await mkdtemp(path.join(tmpdir(), 'dicomweb-clients-'));
    study = await buildStudyFolder(path.join(dir, 'study'), { series: ['ct', 'mr'], patientName: 'Client^Test' });
    session = await loginAs(t, 'reception');
  }, 180_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe('dicomweb-client (npm)', () => {
    const client = () => new DICOMwebClient({ url: dicomweb, headers: bearer(session) });

    it('stores, searches, reads metadata and retrieves instances', async () => {
      const datasets = await Promise.all(study.files.map(async (f) => new Uint8Array(await readFile(f)).buffer));
      await client().storeInstances({ datasets });
      const found = (await client().searchForStudies({
        queryParams: { PatientName: 'client*', StudyDate: `${study.studyDate}-` },
      })) as Json[];
      expect(found.map((s) => value(s, '0020000D'))).toEqual([study.studyInstanceUid]);
      const series = (await client().searchForSeries({ studyInstanceUID: study.studyInstanceUid })) as Json[];
      expect(series).toHaveLength(2);
      const metadata = (await client().retrieveStudyMetadata({ studyInstanceUID: study.studyInstanceUid })) as Json[];
      expect(metadata.map((m) => value(m, '00080018')).sort()).toEqual(
        study.instances.map((i) => i.sopInstanceUid).sort(),
      );
      const ct = study.series.find((s) => s.kind === 'ct')!.instances[0]!;
      const instance = (await client().retrieveInstance({
        studyInstanceUID: study.studyInstanceUid,
        seriesInstanceUID: ct.seriesInstanceUid,
        sopInstanceUID: ct.sopInstanceUid,
      })) as ArrayBuffer;
      expect(Buffer.from(instance).equals(await storedBytesOf(ct.path))).toBe(true);
      const frames = (await client().retrieveInstanceFrames({
        studyInstanceUID: study.studyInstanceUid,
        seriesInstanceUID: ct.seriesInstanceUid,
        sopInstanceUID: ct.sopInstanceUid,
        frameNumbers: [1],
      })) as ArrayBuffer[];
      expect(frames[0]!.byteLength).toBe(128 * 128 * 2);
    });
  });

  describe("Orthanc's DICOMweb plugin with Rayworks as a remote server", () => {
    let orthanc: OrthancHandle;

    beforeAll(async () => {
      const q = await getJson(session, `/studies?StudyInstanceUID=${study.studyInstanceUid}`);
      if ((q.json as unknown[]).length === 0) await stow(session, study.files);
      orthanc = await startOrthanc({
        dicomWebServers: { rayworks: { url: `${dicomweb}/`, httpHeaders: bearer(session) } },
      });
    }, 120_000);

    afterAll(async () => {
      await orthanc?.stop();
    });

    const post = async (route: string, body: unknown) => {
      const res = await fetch(`${orthanc.url}${route}`, { method: 'POST', body: JSON.stringify(body) });
      const text = await res.text();
      if (res.status !== 200)
        throw new Error(`${route} answered ${res.status}: ${text}\n${orthanc.output().slice(-3000)}`);
      return JSON.parse(text) as unknown;
    };

    it('finds the study by QIDO, pulls it with WADO into Orthanc, and dcmdump reads what came', async () => {
      const found = (await post('/dicom-web/servers/rayworks/qido', {
        Uri: '/studies',
        Arguments: { StudyInstanceUID: study.studyInstanceUid },
      })) as Json[];
      expect(found.map((s) => orthancValue(s, '0020000D'))).toEqual([study.studyInstanceUid]);
      await post('/dicom-web/servers/rayworks/retrieve', { Resources: [{ Study: study.studyInstanceUid }] });
      const instances = (await (await fetch(`${orthanc.url}/instances?expand`)).json()) as {
        ID: string;
        MainDicomTags: { SOPInstanceUID: string };
      }[];
      expect(instances.map((i) => i.MainDicomTags.SOPInstanceUID).sort()).toEqual(
        study.instances.map((i) => i.sopInstanceUid).sort(),
      );
      const file = path.join(dir, 'retrieved.dcm');
      await writeFile(
        file,
        Buffer.from(await (await fetch(`${orthanc.url}/instances/${instances[0]!.ID}/file`)).arrayBuffer()),
      );
      const { stdout } = await run('dcmdump', ['+P', '0020,000d', file]);
      expect(stdout).toContain(study.studyInstanceUid);
    });

    it('pushes an instance into Rayworks with STOW', async () => {
      const extra = await buildStudyFolder(path.join(dir, 'pushed'), {
        series: ['mr'],
        patientName: 'Pushed^ByOrthanc',
      });
      const uploaded = (await (
        await fetch(`${orthanc.url}/instances`, { method: 'POST', body: await readFile(extra.files[0]!) })
      ).json()) as { ID: string };
      await post('/dicom-web/servers/rayworks/stow', { Resources: [uploaded.ID] });
      const found = (await getJson(session, `/studies?StudyInstanceUID=${extra.studyInstanceUid}`)).json as Json[];
      expect(found.map((s) => value(s, '00201208'))).toEqual([1]);
    });
  });
});
