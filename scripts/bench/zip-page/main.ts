// The bench page of `npm run bench:import` (browser-zip): the console's own zip code, unchanged, on files fetched
// from the benchmark's local server. Only the zipping is timed, not the fetches.
import { zipStudy, type ZipSource } from '../../../web/src/features/import/machines/zip-study';

declare global {
  interface Window {
    loadFiles(paths: string[]): Promise<number>;
    benchZip(workers: number): Promise<{ ms: number; bytesIn: number; bytesOut: number }>;
  }
}

let sources: ZipSource[] = [];

window.loadFiles = async (paths) => {
  sources = await Promise.all(
    paths.map(async (p) => ({ path: p, file: await (await fetch(`/files/${encodeURI(p)}`)).blob() })),
  );
  return sources.reduce((n, s) => n + s.file.size, 0);
};

window.benchZip = async (workers) => {
  const bytesIn = sources.reduce((n, s) => n + s.file.size, 0);
  const started = performance.now();
  // level 6: the console's (spec §9 IMPORT_ZIP_LEVEL)
  const zip = await zipStudy(sources, { level: 6, workers });
  const ms = performance.now() - started;
  return { ms, bytesIn, bytesOut: zip.size };
};
