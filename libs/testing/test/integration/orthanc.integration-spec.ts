import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildStudyFolder, freePort, removeFixtures, startOrthanc } from '../../src/index.js';

/** Debian's Orthanc as a child process of a test: loopback, its own storage, the DICOMweb plugin loaded. */
describe("Debian's Orthanc for tests", () => {
  it('starts, stores an instance by POST /instances, finds it by QIDO-RS, knows the remote DICOMweb server, and stops', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'orthanc-it-'));
    const orthanc = await startOrthanc({
      dicomWebServers: {
        rayworks: {
          url: 'http://127.0.0.1:8080/api/imaging/dicomweb/',
          httpHeaders: { Authorization: 'Bearer test-token' },
        },
      },
    });
    try {
      const study = await buildStudyFolder(work, {
        series: ['ct', 'mr'],
        patientName: 'Orthanc^Test',
        patientId: 'OT-1',
      });
      const stored = await orthanc.storeInstance(await readFile(study.instances[0].path));
      expect(stored.Status).toBe('Success');

      const res = await orthanc.request(`/dicom-web/studies?PatientID=OT-1&includefield=00081030`, {
        headers: { Accept: 'application/dicom+json' },
      });
      expect(res.status).toBe(200);
      const found = (await res.json()) as Record<string, { Value?: unknown[] }>[];
      expect(found.map((s) => s['0020000D'].Value)).toEqual([[study.studyInstanceUid]]);
      expect(found[0]['00100010'].Value).toEqual([{ Alphabetic: 'Orthanc^Test' }]);

      expect(await orthanc.json('/dicom-web/servers')).toEqual(['rayworks']);
    } finally {
      await orthanc.stop();
      await removeFixtures(work);
    }
    expect(orthanc.process.exitCode).toBe(0);
    await expect(fetch(`${orthanc.url}/system`)).rejects.toThrow();
  });

  it("takes DICOM C-STORE from dcmtk's storescu on its DICOM port only from a listed modality", async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'orthanc-dimse-'));
    const orthanc = await startOrthanc({ dicomPort: 0, dicomModalities: { scu: ['STORESCU', '127.0.0.1', 104] } });
    try {
      const study = await buildStudyFolder(work, { series: ['mr'] });
      const storescu = (aet: string) =>
        promisify(execFile)('storescu', [
          '-aet',
          aet,
          '-aec',
          orthanc.aet,
          '127.0.0.1',
          String(orthanc.dicomPort),
          ...study.files,
        ]);
      await expect(storescu('STRANGER')).rejects.toThrow();
      expect((await orthanc.json<{ CountInstances: number }>('/statistics')).CountInstances).toBe(0);
      await storescu('STORESCU');
      expect((await orthanc.json<{ CountInstances: number }>('/statistics')).CountInstances).toBe(study.files.length);
    } finally {
      await orthanc.stop();
      await removeFixtures(work);
    }
  });

  it("survives deploy/local/dicom-tools.sh up and status, which stop only Debian's own orthanc service", async () => {
    const orthanc = await startOrthanc();
    try {
      const root = path.resolve(import.meta.dirname, '../../../..');
      const script = path.join(root, 'deploy/local/dicom-tools.sh');
      for (const command of ['status', 'up']) await promisify(execFile)('bash', [script, command], { cwd: root });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect({ exit: orthanc.process.exitCode, signal: orthanc.process.signalCode }).toEqual({
        exit: null,
        signal: null,
      });
      expect((await orthanc.request('/system')).status).toBe(200);
    } finally {
      await orthanc.stop();
    }
  });

  it('refuses requests without the known user when credentials are set', async () => {
    const orthanc = await startOrthanc({
      httpPort: await freePort(),
      credentials: { username: 'bench', password: 'b3nch' },
    });
    try {
      expect((await fetch(`${orthanc.url}/system`)).status).toBe(401);
      expect((await orthanc.request('/system')).status).toBe(200);
    } finally {
      await orthanc.stop();
    }
  });
});
