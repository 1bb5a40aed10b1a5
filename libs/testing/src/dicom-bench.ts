import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLargeCtStudy, runDicomFixturesScript, type BuiltStudy } from './dicom-fixtures.js';

/**
 * The data of the import benchmark's QIDO-RS section (npm run bench:import), built once and kept under
 * `.local/bench/` so every run, and Rayworks beside Orthanc, queries the same studies with the same queries.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** `.local/bench` of this checkout. */
export const BENCH_DATA_DIR = path.join(REPO_ROOT, '.local', 'bench');

export interface QidoBenchStudy {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  sopInstanceUid: string;
  /** `FAMILY^GIVEN^<patient number>`: 200 family names, two studies per patient. */
  patientName: string;
  /** `BQ` + 6 digits */
  patientId: string;
  /** YYYYMMDD, evenly over 2015–2024 */
  studyDate: string;
  accessionNumber: string;
  modality: 'CT' | 'MR';
  /** `StudyUID/SeriesUID/SOPUID.dcm` under the dataset's dir */
  relativePath: string;
}

export interface QidoBenchDataset {
  /** Holds `<StudyUID>/<SeriesUID>/<SOPUID>.dcm` for every study (its manifest is `<dir>.json`). */
  dir: string;
  studies: QidoBenchStudy[];
}

/** Bumped when the generator changes, so stale data is rebuilt rather than reused. */
const DATASET_VERSION = 1;

/**
 * `studies` one-instance studies (one small CT or MR instance each, ~2 kB: 20,000 studies ≈ 50 MB), with distinct
 * study UIDs, patients (two studies each), accession numbers and study dates, written by pydicom in one process
 * (~1 minute for 20,000). Reused from `<dir>.json` when it was built with the same count and version.
 */
export async function buildQidoBenchDataset({
  studies = 20_000,
  dir = path.join(BENCH_DATA_DIR, `qido-${studies}`),
  seed = 20_000,
}: { studies?: number; dir?: string; seed?: number } = {}): Promise<QidoBenchDataset & { reused: boolean }> {
  const manifestPath = `${dir}.json`; // beside the folder: zipFolder(dir) holds only the study
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as QidoBenchDataset & {
      version: number;
      seed: number;
    };
    if (manifest.version === DATASET_VERSION && manifest.seed === seed && manifest.studies.length === studies) {
      return { dir, studies: manifest.studies, reused: true };
    }
  }
  await rm(manifestPath, { force: true });
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  // the folder, then the manifest: an interrupted build leaves no manifest, so it is rebuilt next time
  const built = await runDicomFixturesScript<QidoBenchDataset>('qido', { dir: path.resolve(dir), studies, seed });
  await writeFile(manifestPath, JSON.stringify({ version: DATASET_VERSION, seed, studies: built.studies }));
  return { dir, studies: built.studies, reused: false };
}

/** Bumped when the large CT generator changes. */
const CT_VERSION = 1;

/**
 * The benchmark's CT study of `instances` slices of 512 x 512 x 16 bit (≈ 0.5 MB each: 1,000 ≈ 525 MB), built by
 * buildLargeCtStudy into `.local/bench/ct-<instances>/` once and reused (its manifest is `<dir>.json`).
 */
export async function buildCtBenchStudy({
  instances = 1_000,
  dir = path.join(BENCH_DATA_DIR, `ct-${instances}`),
}: { instances?: number; dir?: string } = {}): Promise<BuiltStudy & { reused: boolean }> {
  const manifestPath = `${dir}.json`; // beside the folder: zipFolder(dir) holds only the study
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { version: number; study: BuiltStudy };
    if (
      manifest.version === CT_VERSION &&
      manifest.study.instances.length === instances &&
      manifest.study.instances.every((i) => existsSync(i.path))
    ) {
      return { ...manifest.study, reused: true };
    }
  }
  await rm(manifestPath, { force: true });
  await rm(dir, { recursive: true, force: true });
  const study = await buildLargeCtStudy(dir, {
    instances,
    patientName: 'BENCH^CT',
    patientId: `BENCH-CT-${instances}`,
    studyDescription: `Benchmark CT ${instances} x 512 x 512`,
  });
  await writeFile(manifestPath, JSON.stringify({ version: CT_VERSION, study }));
  return { ...study, reused: false };
}

export type QidoBenchQueryKind = 'name-wildcard' | 'date-range' | 'patient-id';

export interface QidoBenchQuery {
  kind: QidoBenchQueryKind;
  /** QIDO-RS query parameters for `GET …/studies` (limit included). */
  params: Record<string, string>;
}

/** A small seeded PRNG (mulberry32): the same queries on every run and every server. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const addDays = (yyyymmdd: string, days: number): string => {
  const d = new Date(Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8)));
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10).replaceAll('-', '');
};

/**
 * `perKind` queries of each kind, drawn from the dataset with a fixed seed, in a fixed interleaved order:
 * - name-wildcard: `PatientName=<first 3 letters of a family name>*` (≈ 100–300 matches)
 * - date-range: `StudyDate=<day>-<day + 6>` (≈ 40 matches)
 * - patient-id: `PatientID=<an existing ID>` (2 matches)
 * each with `limit` (default 50).
 */
export function qidoBenchQueries(
  dataset: Pick<QidoBenchDataset, 'studies'>,
  { perKind = 200, seed = 1, limit = 50 }: { perKind?: number; seed?: number; limit?: number } = {},
): QidoBenchQuery[] {
  const random = prng(seed);
  const pick = () => dataset.studies[Math.floor(random() * dataset.studies.length)];
  const queries: QidoBenchQuery[] = [];
  for (let i = 0; i < perKind; i++) {
    const family = pick().patientName.split('^')[0];
    queries.push({ kind: 'name-wildcard', params: { PatientName: `${family.slice(0, 3)}*`, limit: String(limit) } });
    const from = pick().studyDate;
    queries.push({ kind: 'date-range', params: { StudyDate: `${from}-${addDays(from, 6)}`, limit: String(limit) } });
    queries.push({ kind: 'patient-id', params: { PatientID: pick().patientId, limit: String(limit) } });
  }
  return queries;
}

/** p50/p95/p99/max/mean of durations in milliseconds (nearest rank). */
export function percentiles(durationsMs: number[]): {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
} {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1], mean };
}
