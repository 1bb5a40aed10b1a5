// npm run bench:import — imaging ingest and query figures on this machine (issue 9's benchmark). Prints figures;
// not a timed test. Sections (run all, or some with BENCH_SECTIONS=orthanc-ingest,rayworks-qido,...); those without
// the stack run first, then the rayworks-* ones in one stretch:
//   orthanc-ingest  Debian's Orthanc (loopback, its own storage) ingesting a CT study of 1,000 instances of
//                   512 x 512 x 16 bit (≈ 525 MB) by REST POST /instances with 1 and 4 clients: instances/s, MB/s,
//                   Orthanc's peak memory; and the same for the 5,000-instance study (BENCH_SIZES).
//   rayworks-ingest the import worker on the same studies: zipped, uploaded through the API, triggered; upload
//                   finished → StudyImported on Kafka; the worker's peak memory.
//   rayworks-stow   STOW-RS of the same studies through the gateway, 4 clients, 1 and 25 instances a request
//                   (BENCH_STOW_PER_REQUEST); then Rayworks ÷ Orthanc (4 clients) for each size and path.
//   rayworks-wado   WADO-RS retrieval of that study's whole series (multipart/related), MB/s.
//   orthanc-qido    Orthanc's DICOMweb plugin answering QIDO-RS /studies for name-wildcard, date-range and patient-ID
//                   queries (limit 50) at 20,000 studies: p50/p95/p99 per kind, one client, after a warm-up.
//   rayworks-qido   the same queries on the same 20,000 studies in Rayworks (a bench company of its own), through
//                   the gateway and direct to the imaging service.
//   prepare         (only when named) builds every input and nothing else: no stack, no lock needed; a run after it
//                   finds its data ready.
//   browser-zip     the console's zip.js Web Worker pool in Chromium on ≈ 200 MB of the CT files, 1, 2 and 4 workers.
// The rayworks-* sections use the running stack, or start this checkout's (infra, migrations, processes) and stop it
// after (BENCH_STACK_LOCK=<file>: hold that flock meanwhile); details in scripts/bench/rayworks.mjs.
// Data is generated once under .local/bench/ (pydicom, from pydicom's CT_small.dcm) and reused, and so are the Orthanc index holding the 20,000 studies (.local/bench/orthanc-qido-20000/) and the bench
// company `benchqido20000` holding them in Rayworks. Results also go to .local/bench/import-results.json (a
// run of some sections: import-results-<sections>.json).
//   BENCH_QIDO_STUDIES (default 20000), BENCH_QIDO_QUERIES per kind (default 200), BENCH_ZIP_MB (200),
//   BENCH_SIZES (CT study sizes, default 1000,5000; BENCH_LARGE=0: 1000 alone), BENCH_ORTHANC_CLIENTS (1,4),
//   BENCH_BEFORE_DIST=<copy of services/imaging/dist> (A/B: that build and this one in turns, same run),
//   BENCH_RUNNING_STACK=1 (use the running stack, never start/stop it), BENCH_STOW_PER_REQUEST (1,25),
//   BENCH_CPU_PROF=1 (the bench worker writes a CPU profile to .local/bench/profiles/ when it stops)
import os from 'node:os';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  BENCH_DATA_DIR,
  buildCtBenchStudy,
  buildQidoBenchDataset,
  percentiles,
  qidoBenchQueries,
  startOrthanc,
} from '@rayworks/testing';
import {
  acquireStack,
  browserZip,
  cleanUp,
  prepare,
  rayworksIngest,
  rayworksQido,
  rayworksStow,
  rayworksWado,
} from './rayworks.mjs';
import { machine } from './machine.mjs';
import { cpuBetween, cpuSnapshot, cpuTable } from './process-cpu.mjs';

const SECTIONS = (
  process.env.BENCH_SECTIONS ??
  'orthanc-ingest,orthanc-qido,browser-zip,rayworks-ingest,rayworks-stow,rayworks-wado,rayworks-qido'
)
  .split(',')
  .map((s) => s.trim());
/** The CT study sizes of the ingest sections (issue 24: 1,000 and 5,000 in the same run; BENCH_LARGE=0: 1,000). */
const SIZES = (process.env.BENCH_SIZES ?? (process.env.BENCH_LARGE === '0' ? '1000' : '1000,5000'))
  .split(',')
  .map(Number);
const ORTHANC_CLIENTS = (process.env.BENCH_ORTHANC_CLIENTS ?? '1,4').split(',').map(Number);
const QIDO_STUDIES = Number(process.env.BENCH_QIDO_STUDIES ?? 20_000);
const QIDO_QUERIES = Number(process.env.BENCH_QIDO_QUERIES ?? 200);
const results = { machine: machine(), date: new Date().toISOString(), sections: {} };

const fmt = (n, digits = 1) => n.toFixed(digits);
const log = (line) => console.log(line);
const step = (line) => process.stderr.write(`  … ${line}\n`);

/** Peak resident memory of a process (VmHWM), in MB. */
async function peakRssMb(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/**
 * Orthanc was stopped from outside while we used it (this machine is shared: another checkout's cleanup may kill
 * it). Such a run is repeated rather than reported; anything else is a real failure.
 */
async function killedFromOutside(orthanc) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { exitCode, signalCode } = orthanc.process;
  if (exitCode === null && signalCode === null) return false;
  step(`Orthanc ended under the benchmark (exit ${exitCode}, signal ${signalCode}): running that part again`);
  results.orthancRestarts = (results.orthancRestarts ?? 0) + 1;
  return true;
}

/** POSTs every file to Orthanc from `clients` concurrent loops; wall time from the first request to the last answer. */
async function ingest(orthanc, files, clients, { alreadyStoredIsFine = false } = {}) {
  let next = 0;
  let bytes = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        const i = next++;
        if (i >= files.length) return;
        const body = await readFile(files[i]);
        bytes += body.length;
        const res = await orthanc.request('/instances', {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/dicom' },
        });
        const answer = await res.json();
        const stored = answer.Status === 'Success' || (alreadyStoredIsFine && answer.Status === 'AlreadyStored');
        if (res.status >= 300 || !stored) {
          throw new Error(`POST /instances ${files[i]}: ${res.status} ${JSON.stringify(answer)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, bytes };
}

async function orthancIngest() {
  log('\n## Orthanc ingest (REST POST /instances, Debian orthanc, loopback)');
  const rows = [];
  for (const instances of SIZES) {
    step(`CT study of ${instances} instances (.local/bench/ct-${instances}/)`);
    const study = await buildCtBenchStudy({ instances });
    step(`${study.reused ? 'reused' : 'built'}: ${fmt(study.bytes / 1e6, 0)} MB`);
    for (const clients of ORTHANC_CLIENTS) {
      for (let attempt = 1; ; attempt++) {
        // a fresh Orthanc each time: nothing already stored, empty index
        const orthanc = await startOrthanc();
        try {
          step(`${instances} instances, ${clients} client(s)`);
          const extra = { Orthanc: orthanc.process.pid, 'bench client': process.pid };
          const cpuBefore = cpuSnapshot(extra);
          const { seconds, bytes } = await ingest(orthanc, study.files, clients);
          const cpu = cpuBetween(cpuBefore, cpuSnapshot(extra), instances);
          const stats = await orthanc.json('/statistics');
          if (stats.CountInstances !== instances) throw new Error(`Orthanc holds ${stats.CountInstances} instances`);
          rows.push({
            instances,
            clients,
            seconds,
            instancesPerSecond: instances / seconds,
            mbPerSecond: bytes / 1e6 / seconds,
            megabytes: bytes / 1e6,
            orthancPeakRssMb: await peakRssMb(orthanc.process.pid),
            cpu,
          });
          break;
        } catch (error) {
          if (attempt >= 3 || !(await killedFromOutside(orthanc))) throw error;
        } finally {
          await orthanc.stop();
        }
      }
    }
  }
  log('| instances | MB | clients | seconds | instances/s | MB/s | Orthanc peak RSS MB |');
  log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    log(
      `| ${r.instances} | ${fmt(r.megabytes, 0)} | ${r.clients} | ${fmt(r.seconds)} | ${fmt(r.instancesPerSecond)} | ${fmt(r.mbPerSecond)} | ${fmt(r.orthancPeakRssMb, 0)} |`,
    );
  }
  for (const r of rows) {
    log(`\nOrthanc, ${r.instances} instances, ${r.clients} client(s):`);
    for (const line of cpuTable(r.cpu, { unit: 'instance', targetRate: 0 })) log(line);
  }
  results.sections['orthanc-ingest'] = rows;
}

/**
 * An Orthanc whose kept index holds every study of the dataset: loaded with 4 clients the first time (POST is
 * idempotent: a load cut short is completed, what is already there answers AlreadyStored), then reused.
 */
async function orthancWithQidoData(dataset) {
  const storageDir = path.join(BENCH_DATA_DIR, `orthanc-qido-${dataset.studies.length}`);
  await mkdir(storageDir, { recursive: true });
  for (let attempt = 1; ; attempt++) {
    const orthanc = await startOrthanc({ storageDir });
    try {
      let stats = await orthanc.json('/statistics');
      if (stats.CountStudies === dataset.studies.length && stats.CountInstances === dataset.studies.length) {
        step(`reusing Orthanc's index with ${stats.CountStudies} studies (${storageDir})`);
        return { orthanc, loadSeconds: null };
      }
      step(`loading ${dataset.studies.length} studies into Orthanc (4 clients; once, then reused)`);
      const files = dataset.studies.map((s) => path.join(dataset.dir, s.relativePath));
      const { seconds } = await ingest(orthanc, files, 4, { alreadyStoredIsFine: true });
      stats = await orthanc.json('/statistics');
      if (stats.CountStudies !== dataset.studies.length) throw new Error(`Orthanc holds ${stats.CountStudies} studies`);
      step(`loaded in ${fmt(seconds)} s (${fmt(files.length / seconds, 0)} instances/s)`);
      return { orthanc, loadSeconds: attempt === 1 ? seconds : null };
    } catch (error) {
      const again = attempt < 3 && (await killedFromOutside(orthanc));
      await orthanc.stop();
      if (!again) throw error;
    }
  }
}

async function qido(orthanc, query) {
  const url = `/dicom-web/studies?${new URLSearchParams(query.params)}`;
  const started = performance.now();
  const res = await orthanc.request(url, { headers: { Accept: 'application/dicom+json' } });
  const body = res.status === 204 ? [] : await res.json();
  const ms = performance.now() - started;
  if (res.status >= 300) throw new Error(`QIDO ${url}: ${res.status}`);
  return { ms, count: body.length };
}

async function orthancQido() {
  log(`\n## Orthanc DICOMweb QIDO-RS at ${QIDO_STUDIES} studies (limit 50, one client)`);
  step(`dataset of ${QIDO_STUDIES} one-instance studies (.local/bench/qido-${QIDO_STUDIES}/)`);
  const dataset = await buildQidoBenchDataset({ studies: QIDO_STUDIES });
  step(dataset.reused ? 'reused' : 'built');
  const queries = qidoBenchQueries(dataset, { perKind: QIDO_QUERIES });
  const byKind = {};
  let done = 0;
  let loadSeconds = null;
  for (let attempt = 1; done < queries.length; attempt++) {
    const loaded = await orthancWithQidoData(dataset);
    const { orthanc } = loaded;
    loadSeconds ??= loaded.loadSeconds;
    try {
      // warm-up: the first queries after a start read the index from disk
      for (const q of qidoBenchQueries(dataset, { perKind: 10, seed: 99 })) await qido(orthanc, q);
      for (; done < queries.length; done++) {
        const q = queries[done];
        const { ms, count } = await qido(orthanc, q);
        (byKind[q.kind] ??= { ms: [], counts: [] }).ms.push(ms);
        byKind[q.kind].counts.push(count);
      }
    } catch (error) {
      // a query cut short by Orthanc's end is not counted; the run continues with the next Orthanc where it stopped
      if (attempt >= 3 || !(await killedFromOutside(orthanc))) {
        console.error(`Orthanc said:\n${orthanc.output().slice(-4000)}`);
        throw error;
      }
    } finally {
      await orthanc.stop();
    }
  }
  const rows = Object.entries(byKind).map(([kind, { ms, counts }]) => ({
    kind,
    ...percentiles(ms),
    meanResults: counts.reduce((s, c) => s + c, 0) / counts.length,
    example: queries.find((q) => q.kind === kind).params,
  }));
  log('| query | n | mean results | p50 ms | p95 ms | p99 ms | max ms | example |');
  log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    const example = new URLSearchParams(r.example).toString();
    log(
      `| ${r.kind} | ${r.n} | ${fmt(r.meanResults)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${fmt(r.max)} | \`${example}\` |`,
    );
  }
  if (loadSeconds !== null) log(`(loading the ${QIDO_STUDIES} studies took ${fmt(loadSeconds)} s with 4 clients)`);
  results.sections['orthanc-qido'] = { studies: QIDO_STUDIES, loadSeconds, rows };
}

/** Rayworks ÷ Orthanc with 4 clients, per study size, for the worker and each STOW-RS request size (issue 24). */
function summary() {
  const orthanc = results.sections['orthanc-ingest']?.filter((r) => r.clients === 4) ?? [];
  if (orthanc.length === 0) return;
  const ours = [
    ...(results.sections['rayworks-ingest'] ?? []).map((r) => ({
      ...r,
      what: `${r.build ? `${r.build}: ` : ''}import worker (zip)`,
    })),
    ...(results.sections['rayworks-stow'] ?? []).map((r) => ({
      ...r,
      what: `${r.build ? `${r.build}: ` : ''}STOW-RS, ${r.perRequest} a request, ${r.clients} clients`,
    })),
  ];
  log('\n## Rayworks ÷ Orthanc (4 clients, REST POST /instances), same run (target ≥ 2.0 ×)');
  log('| instances | Rayworks path | Rayworks inst/s | Orthanc 4 clients inst/s | ratio | peak memory MB |');
  log('|---:|---|---:|---:|---:|---:|');
  const rows = [];
  for (const r of ours) {
    const o = orthanc.find((x) => x.instances === r.instances);
    if (!o) continue;
    const ratio = r.instancesPerSecond / o.instancesPerSecond;
    const peak = r.workerPeakRssMb ?? r.imagingPeakSampledRssMb;
    rows.push({ instances: r.instances, what: r.what, ratio });
    log(
      `| ${r.instances} | ${r.what} | ${fmt(r.instancesPerSecond)} | ${fmt(o.instancesPerSecond)} | **${fmt(ratio, 2)} ×** | ${fmt(peak, 0)} (Orthanc ${fmt(o.orthancPeakRssMb, 0)}) |`,
    );
  }
  results.ratios = rows;
  cpuSummary(orthanc, ours);
}

/** The server side's CPU per instance (the bench's own client left out), largest processes first. */
function serverCpu(cpu) {
  const rows = cpu.rows.filter((r) => r.name !== 'bench client' && r.ms > 0);
  return { ms: rows.reduce((sum, r) => sum + r.ms, 0) / cpu.requests, rows };
}

/**
 * Where an instance's CPU goes, Orthanc beside each Rayworks path: when every path is bound by CPU on this machine's
 * cores, the rate a path can reach is cores ÷ CPU per instance, so 2 × Orthanc needs half of Orthanc's CPU per
 * instance (or more cores). Each process's table was printed with its section.
 */
function cpuSummary(orthanc, ours) {
  const all = [...orthanc.map((r) => ({ ...r, what: 'Orthanc, 4 clients' })), ...ours.filter((r) => r.cpu)].filter(
    (r) => r.cpu,
  );
  if (all.length === 0) return;
  const cores = os.cpus().length;
  log(`\n## CPU per stored instance, server side (the bench's client left out; ${cores} cores)`);
  log('| instances | path | CPU ms per instance | CPU-bound ceiling inst/s | largest: process (ms per instance) |');
  log('|---:|---|---:|---:|---|');
  for (const r of all) {
    const { ms, rows } = serverCpu(r.cpu);
    const largest = rows
      .slice(0, 4)
      .map((x) => `${x.name} ${fmt(x.ms / r.cpu.requests, 2)}`)
      .join(', ');
    log(`| ${r.instances} | ${r.what} | ${fmt(ms, 2)} | ${fmt((cores * 1000) / ms, 0)} | ${largest} |`);
  }
}

/** What the Rayworks sections share: the results, and the imported CT study the WADO-RS section retrieves. */
const ctx = {
  results,
  sizes: SIZES,
  qidoStudies: QIDO_STUDIES,
  qidoQueries: QIDO_QUERIES,
  importedCt: null,
  benchTenants: [],
};
const SECTION_RUNNERS = {
  prepare: () => prepare(ctx),
  'orthanc-ingest': orthancIngest,
  'rayworks-ingest': () => rayworksIngest(ctx),
  'rayworks-stow': () => rayworksStow(ctx),
  'rayworks-wado': () => rayworksWado(ctx),
  'orthanc-qido': orthancQido,
  'rayworks-qido': () => rayworksQido(ctx),
  'browser-zip': () => browserZip(ctx),
};

log(`# bench:import — ${results.date}`);
log(
  `machine: ${results.machine.cpus} × ${results.machine.cpu}, ${results.machine.memoryGiB} GiB, ${results.machine.os}, node ${results.machine.node}`,
);
const started = performance.now();
for (const name of SECTIONS) {
  if (!SECTION_RUNNERS[name]) {
    console.error(`unknown section ${name} (known: ${Object.keys(SECTION_RUNNERS).join(', ')})`);
    process.exit(2);
  }
}
// the sections without the stack first, then the stack's in one stretch (started once, if it is not running)
const order = (name) => (name.startsWith('rayworks-') ? 1 : 0);
let releaseStack = null;
try {
  for (const name of [...SECTIONS].sort((a, b) => order(a) - order(b))) {
    if (order(name) === 1 && !releaseStack) releaseStack = await acquireStack();
    await SECTION_RUNNERS[name]();
  }
} finally {
  if (releaseStack) {
    await cleanUp(ctx);
    await releaseStack();
  }
}
summary();
results.loadAverageAtEnd = os.loadavg().map((l) => Number(l.toFixed(2)));
if (results.orthancRestarts)
  log(`(Orthanc was ended from outside ${results.orthancRestarts} time(s); those parts ran again)`);
log(
  `\n(total ${fmt((performance.now() - started) / 1000, 0)} s; load average at start ${results.machine.loadAverage.join(' ')}, at end ${results.loadAverageAtEnd.join(' ')})`,
);
await mkdir(BENCH_DATA_DIR, { recursive: true });
// a run of some sections writes its own file (import-results-<sections>.json): the full run's stays
const resultsFile =
  process.env.BENCH_SECTIONS === undefined ? 'import-results.json' : `import-results-${SECTIONS.join('+')}.json`;
if (Object.keys(results.sections).length > 0)
  await writeFile(path.join(BENCH_DATA_DIR, resultsFile), JSON.stringify(results, null, 2));
log(`results: .local/bench/${resultsFile}`);
// open keep-alive sockets (S3, the API) must not hold the process
process.exit(0);
