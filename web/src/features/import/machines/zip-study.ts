import { BlobReader, configure, ZipWriter } from '@zip.js/zip.js';
// zip.js's own worker script, served by the gateway like any asset (CSP worker-src 'self'), not from a blob: URL
import zipWorkerUrl from '@zip.js/zip.js/dist/zip-web-worker-native.js?url';
import { runPool, workstationConcurrency } from './pool';
import type { ZipSpool } from './zip-spool';

/** One file of the study and its path inside the zip (Study/Series/instance.dcm). */
export interface ZipSource {
  file: Blob;
  path: string;
}

export interface ZipOptions {
  /** Deflate level (spec §9: 6, IMPORT_ZIP_LEVEL). */
  level: number;
  /** 0..100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Web Workers in the pool; the workstation's cores by default. */
  workers?: number;
}

/**
 * Zips the accepted files of a study off the main thread (docs/decisions/0111-import-zip-and-upload.md): zip.js
 * deflates each entry in one of its Web Workers (a pool sized to the workstation's cores), entries deflate
 * independently, so `runPool` keeps one entry per worker in flight; zip.js writes them into one archive in
 * order and switches to zip64 by itself when sizes or counts need it. Deflate runs in the browser's native
 * CompressionStream (zlib's default level, 6) and otherwise in zip.js's own deflate at `level`.
 * Progress counts the bytes read of all entries, to 100. The zip is written into `spool` as it is made, so an upload
 * can read its first parts before it ends (docs/decisions/0365); resolves with the whole zip.
 */
export async function zipStudy(sources: readonly ZipSource[], spool: ZipSpool, options: ZipOptions): Promise<Blob> {
  const workers = options.workers ?? workstationConcurrency();
  configure({ useWebWorkers: true, maxWorkers: workers, workerURI: zipWorkerUrl, useCompressionStream: true });
  const total = sources.reduce((n, s) => n + s.file.size, 0) || 1;
  const read = new Map<number, number>();
  let reported = -1;
  const report = () => {
    let sum = 0;
    for (const n of read.values()) sum += n;
    const percent = Math.min(100, Math.floor((sum / total) * 100));
    spool.setProgress(sum / total);
    if (percent !== reported) {
      reported = percent;
      options.onProgress?.(percent);
    }
  };
  const writer = new ZipWriter(spool.writable, {
    level: options.level,
    signal: options.signal,
    keepOrder: true,
  });
  try {
    await runPool(
      sources,
      async (source, index) => {
        await writer.add(source.path, new BlobReader(source.file), {
          level: options.level,
          signal: options.signal,
          onprogress: (progress) => {
            read.set(index, progress);
            report();
          },
        });
        read.set(index, source.file.size);
        report();
      },
      { concurrency: workers, signal: options.signal },
    );
    await writer.close();
    spool.finish();
    options.onProgress?.(100);
    return spool.blob();
  } catch (error) {
    spool.fail(error);
    await writer.close().catch(() => undefined);
    throw error;
  }
}
