import { describe, expect, it } from '@jest/globals';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { DownloadState, DownloadStateMessage } from '@rayworks/contracts';
import type { JobProcessors, RealtimeEmitter, StorageService, UnitOfWork } from '@rayworks/nest-kit';
import { DownloadEntity } from './download.entity.js';
import { DOWNLOAD_MESSAGES } from './downloads.errors.js';
import type { DownloadPatch, DownloadsRepository, StudyInstanceFile } from './downloads.repository.js';
import { DownloadMoveRefused, StudyDownloadProcessor } from './study-download.processor.js';
import type { ObjectProblem, StudyZipWriter, ZipEntrySource } from './study-zip.writer.js';

const TENANT = '00000000-0000-4000-8000-000000000001';
const instances: StudyInstanceFile[] = [
  { seriesInstanceUid: '1.2', sopInstanceUid: '1.2.1', storageKey: 'k1', sizeBytes: 10, pixelDataEncapsulated: false },
  { seriesInstanceUid: '1.2', sopInstanceUid: '1.2.2', storageKey: 'k2', sizeBytes: 20, pixelDataEncapsulated: true },
];

/** The processor on fakes of its I/O: one download row, the study's instances, the store, the pushes. */
function harness(
  state: DownloadState,
  options: {
    problem?: ObjectProblem | null;
    zipError?: Error;
    instances?: StudyInstanceFile[];
    lostRace?: boolean;
  } = {},
) {
  const row: DownloadEntity = Object.assign(new DownloadEntity(), {
    id: 'd1',
    tenantId: TENANT,
    studyId: 's1',
    studyInstanceUid: '1.2.840.1',
    requestedBy: 'u1',
    state,
    instanceCount: 0,
    instancesBytes: 0,
    zipKey: null,
    sizeBytes: null,
    error: null,
    expiresAt: null,
    history: [],
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const saved: DownloadState[] = [];
  const pushed: DownloadStateMessage[] = [];
  const zipped: ZipEntrySource[][] = [];
  const uow = {
    read: (_: unknown, work: (tx: unknown) => Promise<unknown>) => work({}),
    change: (_: unknown, work: (tx: unknown) => Promise<unknown>) => work({}),
  } as unknown as UnitOfWork;
  const repo = {
    findDownload: async () => row,
    instancesOf: async () => options.instances ?? instances,
    move: async (_tx: unknown, _id: string, from: DownloadState, to: DownloadState, patch: DownloadPatch = {}) => {
      if (row.state !== from || options.lostRace) return null;
      Object.assign(row, patch, { state: to });
      saved.push(to);
      return Object.assign(new DownloadEntity(), row);
    },
  } as unknown as DownloadsRepository;
  const zips = {
    findProblem: async () => options.problem ?? null,
    write: async (_key: string, entries: ZipEntrySource[]) => {
      zipped.push(entries);
      if (options.zipError) throw options.zipError;
      return 1234;
    },
  } as unknown as StudyZipWriter;
  const storage = {
    presignGet: async (key: string) => `https://store/${key}?signed`,
    delete: async () => undefined,
  } as unknown as StorageService;
  const realtime = {
    toUser: (user: string, event: string, message: DownloadStateMessage) => {
      expect([user, event]).toEqual(['u1', 'imaging:download-state']);
      pushed.push(message);
    },
  } as unknown as RealtimeEmitter;
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;
  const processor = new StudyDownloadProcessor({} as JobProcessors, logger, uow, repo, zips, storage, realtime);
  const run = () =>
    processor.process(
      { downloadId: 'd1' },
      { meta: { tenantId: TENANT, correlationId: 'c' }, job: { id: '1' } as Job },
    );
  return { row, saved, pushed, zipped, run, processor };
}

describe('StudyDownloadProcessor: the states it saves and pushes', () => {
  it('DWN_INIT → DWN_STRT → DWN_DONE → ZIP_STRT → ZIP_DONE → READY, each saved then pushed, READY with its link', async () => {
    const h = harness('DWN_INIT');
    await h.run();
    const states = ['DWN_STRT', 'DWN_DONE', 'ZIP_STRT', 'ZIP_DONE', 'READY'];
    expect(h.saved).toEqual(states);
    expect(h.pushed.map((p) => p.state)).toEqual(states);
    expect(h.pushed.slice(0, -1).every((p) => p.url === null)).toBe(true);
    expect(h.pushed.at(-1)!.url).toBe(`https://store/tenants/${TENANT}/downloads/d1.zip?signed`);
    expect(h.row).toMatchObject({ instanceCount: 2, instancesBytes: 30, sizeBytes: 1234, error: null });
    expect(h.row.expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('zips Study/Series/SOP.dcm entries, deflating native pixel data and storing encapsulated as is', async () => {
    const h = harness('DWN_INIT');
    await h.run();
    expect(h.zipped[0]).toEqual([
      { name: '1.2.840.1/1.2/1.2.1.dcm', storageKey: 'k1', sizeBytes: 10, compress: true },
      { name: '1.2.840.1/1.2/1.2.2.dcm', storageKey: 'k2', sizeBytes: 20, compress: false },
    ]);
  });

  it('an instance missing from the store: DWN_STRT → DWN_FAIL with which one, and nothing is zipped', async () => {
    const h = harness('DWN_INIT', { problem: { key: 'k2', problem: 'missing' } });
    await h.run();
    expect(h.saved).toEqual(['DWN_STRT', 'DWN_FAIL']);
    expect(h.pushed.at(-1)).toMatchObject({
      state: 'DWN_FAIL',
      error: DOWNLOAD_MESSAGES.missingInstance('1.2.2', '1.2'),
    });
    expect(h.zipped).toEqual([]);
  });

  it('an instance of another size than indexed, or no instances at all: DWN_FAIL with the reason', async () => {
    const changed = harness('DWN_INIT', { problem: { key: 'k1', problem: 'size', actualSize: 9 } });
    await changed.run();
    expect(changed.row).toMatchObject({ state: 'DWN_FAIL', error: DOWNLOAD_MESSAGES.changedInstance('1.2.1', '1.2') });
    const empty = harness('DWN_INIT', { instances: [] });
    await empty.run();
    expect(empty.row).toMatchObject({ state: 'DWN_FAIL', error: DOWNLOAD_MESSAGES.noInstances });
  });

  it('a zip that cannot be written: ZIP_STRT → ZIP_FAIL with the reason', async () => {
    const h = harness('DWN_INIT', { zipError: new Error('connection reset') });
    await h.run();
    expect(h.saved).toEqual(['DWN_STRT', 'DWN_DONE', 'ZIP_STRT', 'ZIP_FAIL']);
    expect(h.row.error).toBe(DOWNLOAD_MESSAGES.zipFailed('connection reset'));
  });

  it.each([
    ['DWN_STRT', 'DWN_FAIL'],
    ['DWN_DONE', 'ZIP_FAIL'],
    ['ZIP_STRT', 'ZIP_FAIL'],
  ] as const)('a job taken again in %s (its worker died) ends in %s, to be retried', async (from, to) => {
    const h = harness(from);
    await h.run();
    expect(h.saved).toEqual([to]);
    expect(h.row.error).toBe(DOWNLOAD_MESSAGES.interrupted);
  });

  it('a job taken again in ZIP_DONE (the zip is stored) goes on to READY', async () => {
    const h = harness('ZIP_DONE');
    await h.run();
    expect(h.saved).toEqual(['READY']);
  });

  it.each(['READY', 'DWN_FAIL', 'ZIP_FAIL'] as const)(
    'a job of a download already %s changes nothing',
    async (state) => {
      const h = harness(state);
      await h.run();
      expect(h.saved).toEqual([]);
      expect(h.pushed).toEqual([]);
    },
  );

  it('refuses a move the download machine does not allow, saving and pushing nothing', async () => {
    const h = harness('READY');
    const move = (h.processor as unknown as { move: (...a: unknown[]) => Promise<unknown> }).move.bind(h.processor);
    await expect(move({ tenantId: TENANT }, h.row, 'DWN_STRT')).rejects.toThrow(
      new DownloadMoveRefused('d1', 'READY', 'DWN_STRT'),
    );
    expect(h.saved).toEqual([]);
    expect(h.pushed).toEqual([]);
  });

  it('stops when another writer moved the row first (compare-and-set on the state), pushing nothing', async () => {
    const h = harness('DWN_INIT', { lostRace: true });
    await expect(h.run()).rejects.toBeInstanceOf(DownloadMoveRefused);
    expect(h.pushed).toEqual([]);
  });
});
