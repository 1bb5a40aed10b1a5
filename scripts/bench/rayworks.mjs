// The Rayworks half of `npm run bench:import` (scripts/bench/import.mjs runs these sections beside Orthanc's, on the
// same data). Needs the stack running from this checkout (`node scripts/stack.mjs start`) except browser-zip.
//   rayworks-ingest  the import worker (`imaging.study-import`): the CT study zipped (level 6, as the console does),
//                    uploaded through the real API (presigned parts, complete-upload), triggered by init-download-zip;
//                    timed from the trigger call to the StudyImported event consumed on Kafka (imaging.study.v1);
//                    peak memory (VmHWM) of a dedicated worker process started for each study size with the stack's
//                    environment (the stack's own imaging worker is stopped meanwhile and started again after).
//   rayworks-wado    WADO-RS retrieval of the whole series of that study (multipart/related), MB/s.
//   rayworks-qido    QIDO-RS p50/p95/p99 for the same queries as Orthanc at 20,000 studies, through the gateway
//                    (the headline: what a DICOMweb client meets) and direct to the imaging service, in a bench company
//                    of its own (`benchqido20000`, never the demo company) loaded once by STOW-RS and kept.
//   browser-zip      the console's zip code (web/src/features/import/machines/zip-study.ts: zip.js Web Worker pool,
//                    level 6) on ≈ 200 MB of the CT files in Debian's Chromium, with 1, 2 and 4 workers, MB/s.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, openSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ApiClient, credentialsOf, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, GATEWAY_PORT, IMAGING_API, ROLE_CODES, SERVICE_PORTS, TOPICS } from '@rayworks/contracts';
import { StorageService } from '@rayworks/nest-kit';
import {
  BENCH_DATA_DIR,
  buildCtBenchStudy,
  buildQidoBenchDataset,
  infraEnv,
  percentiles,
  provisionTenant,
  stowBody,
  qidoBenchQueries,
  tenantQuery,
  TEST_PASSWORD,
  testKafka,
  uniqueTenantName,
  zipFolder,
} from '@rayworks/testing';
import { processEnv, processTable, ROOT } from '../lib/processes.mjs';
import { cpuBetween, cpuSnapshot, cpuTable } from './process-cpu.mjs';

const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`;
const SERVICE = `http://127.0.0.1:${SERVICE_PORTS.imaging}`;
const api = new ApiClient({ baseUrl: GATEWAY });
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const log = (line) => console.log(line);
const step = (line) => process.stderr.write(`  … ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------------
// sign-in, tenants, storage

/** A signed-in user: credentials for the typed client, the bearer token for DICOMweb, renewed before it expires. */
async function signIn(loginName) {
  const session = await api.call(AUTH_API.login, {}, { headers: loginHeaders(loginName, TEST_PASSWORD) });
  const credentials = credentialsOf(session);
  const caller = {
    loginName,
    credentials,
    groupId: session.groupID,
    centreId: session.centerID[0],
    bearer: () => ({ Authorization: `Bearer ${caller.credentials.token}` }),
    async fresh() {
      if ((caller.credentials.expiresAt ?? 0) - Date.now() < 120_000) {
        const again = await api.call(AUTH_API.login, {}, { headers: loginHeaders(loginName, TEST_PASSWORD) });
        caller.credentials = credentialsOf(again);
      }
      return caller;
    },
  };
  return caller;
}

/** A company with one group, one centre and a receptionist of that centre (WORKLIST › VIEW and IMPORT). */
async function benchTenant(name) {
  const code = name.toUpperCase().slice(-12);
  const loginName = `${name}.reception`;
  const provisioned = await provisionTenant({
    company: { name: `Bench ${name}`, code: `bench-${name}` },
    groups: [{ key: 'g', name: `Group ${name}`, code: `G${code}` }],
    centres: [{ key: 'c1', name: `Centre ${name}`, code: `C1${code}`, group: 'g' }],
    users: [
      {
        loginName,
        firstName: 'Bench',
        lastName: name,
        email: `${loginName}@test.rayworks.local`,
        role: ROLE_CODES.RECEPTIONIST,
        group: 'g',
        centres: ['c1'],
        password: TEST_PASSWORD,
        resetPassword: false,
      },
    ],
  });
  return { tenantId: provisioned.tenantId, caller: await signIn(loginName) };
}

let storage;
const store = () => (storage ??= new StorageService(infraEnv().s3));

/** Removes every object of a bench company (its stored instances and uploads): the benchmark leaves no 500 MB behind. */
async function removeObjects(tenantId) {
  let removed = 0;
  for (const prefix of [`tenants/${tenantId}/`, `uploads/${tenantId}/`]) removed += await removeUnder(prefix);
  return removed;
}

async function removeUnder(prefix) {
  const { client, bucket } = store();
  let token;
  let removed = 0;
  do {
    const out = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    const keys = (out.Contents ?? []).map((o) => ({ Key: o.Key }));
    if (keys.length) {
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
      removed += keys.length;
    }
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return removed;
}

// ---------------------------------------------------------------------------------------------------------------
// processes: the stack's imaging worker and the benchmark's own

const RUN_DIR = path.join(ROOT, '.local/run');
const PROFILE_DIR = path.join(BENCH_DATA_DIR, 'profiles');
const WORKER = processTable().find((p) => p.name === 'imaging-worker');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function ready(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(3000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

async function stopGroup(pid) {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      return;
    }
  }
  const deadline = Date.now() + 20_000;
  while (alive(pid) && Date.now() < deadline) await sleep(200);
  if (alive(pid)) process.kill(-pid, 'SIGKILL');
}

/** The stack's imaging worker of this checkout (its pid file), stopped for the benchmark; null when none runs. */
async function stopStackWorker() {
  const pidFile = path.join(RUN_DIR, 'imaging-worker.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(await readFile(pidFile, 'utf8'));
  if (!alive(pid)) return null;
  step(`stopping the stack's imaging worker (pid ${pid}) for the benchmark`);
  await stopGroup(pid);
  return pid;
}

/** Starts the stack's missing processes again (here: the imaging worker), as `npm start` does. */
async function restartStackWorker() {
  step("starting the stack's imaging worker again (stack.mjs start)");
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/stack.mjs'), 'start'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`stack.mjs start exited ${code}`))));
  });
}

/**
 * The builds compared (BENCH_BEFORE_DIST=<a copy of services/imaging/dist made before a change>, e.g. under
 * .local/ab/): 'before' runs from that copy, 'after' from this checkout's build, in turns in the same run.
 */
export function variants() {
  const before = process.env.BENCH_BEFORE_DIST;
  return before
    ? [
        { label: 'before', dist: path.resolve(ROOT, before) },
        { label: 'after', dist: null },
      ]
    : [{ label: '', dist: null }];
}

/** A dedicated imaging worker with the stack's environment (scripts/lib/processes.mjs), in a process group of its own. */
async function startBenchWorker(dist = null) {
  if (await ready(WORKER.port))
    throw new Error(
      `an imaging worker already answers on port ${WORKER.port} (another checkout's stack?): stop it, the benchmark runs its own`,
    );
  await mkdir(path.join(ROOT, '.local/logs'), { recursive: true });
  const out = openSync(path.join(ROOT, '.local/logs/bench-imaging-worker.log'), 'a');
  // BENCH_CPU_PROF=1: the worker writes a V8 CPU profile when it stops (.local/bench/profiles/)
  const profile = process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const child = spawn(
    process.execPath,
    [
      ...profile,
      '--enable-source-maps',
      '--disable-warning=TimeoutNegativeWarning',
      dist ? path.join(dist, 'worker.js') : path.join(ROOT, WORKER.entry),
    ],
    { cwd: ROOT, env: processEnv(WORKER), detached: true, stdio: ['ignore', out, out] },
  );
  const deadline = Date.now() + 60_000;
  while (!(await ready(WORKER.port))) {
    if (child.exitCode !== null)
      throw new Error(`the bench worker exited (${child.exitCode}): .local/logs/bench-imaging-worker.log`);
    if (Date.now() > deadline) throw new Error('the bench worker is not ready after 60 s');
    await sleep(250);
  }
  return child;
}

async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/** Runs a command of this checkout to its end (stdout dropped, stderr shown). */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/**
 * The stack for the Rayworks sections: a running one is used as it is; otherwise this checkout's is started
 * (infrastructure, migrations, processes) and stopped again by the returned release. BENCH_STACK_LOCK names a lock
 * file (flock) to hold while the benchmark's stack runs, for machines where checkouts share the ports. `services`:
 * the services whose readiness (beside the gateway's) means the stack runs (bench:worklist asks for cases).
 */
export async function acquireStack({ services = ['imaging'] } = {}) {
  const ports = [GATEWAY_PORT, ...services.map((s) => SERVICE_PORTS[s])];
  // BENCH_RUNNING_STACK=1 (a shared machine): never start or stop the stack; wait up to 2 min for it to answer
  const waitUntil = process.env.BENCH_RUNNING_STACK === '1' ? Date.now() + 120_000 : 0;
  for (;;) {
    const answering = await Promise.all(ports.map(ready));
    if (answering.every(Boolean)) {
      step('using the running stack');
      return async () => undefined;
    }
    if (Date.now() > waitUntil) break;
    await sleep(2000);
  }
  if (waitUntil) throw new Error('BENCH_RUNNING_STACK=1 but the stack does not answer (gateway, imaging)');
  let holder = null;
  const lock = process.env.BENCH_STACK_LOCK;
  if (lock) {
    step(`waiting for ${lock}`);
    holder = spawn('flock', [lock, '-c', 'echo locked; exec cat >/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
    await new Promise((resolve, reject) => {
      holder.stdout.on('data', (d) => String(d).includes('locked') && resolve());
      holder.on('exit', (code) => reject(new Error(`flock ${lock} exited ${code}`)));
    });
    step(`holding ${lock}`);
  }
  const release = async () => {
    step('stopping the stack');
    await run(process.execPath, [path.join(ROOT, 'scripts/stack.mjs'), 'stop']).catch((e) => step(e.message));
    holder?.stdin.end(); // cat ends, flock lets go
  };
  try {
    step('starting the stack (infra.sh up, migrate, stack.mjs start)');
    await run('bash', [path.join(ROOT, 'deploy/local/infra.sh'), 'up']);
    await run(process.execPath, [path.join(ROOT, 'scripts/stack.mjs'), 'migrate']);
    await run(process.execPath, [path.join(ROOT, 'scripts/stack.mjs'), 'start']);
  } catch (error) {
    await release();
    throw error;
  }
  return release;
}

// ---------------------------------------------------------------------------------------------------------------
// rayworks-ingest

/** The study zipped once at level 6 (what the console uploads), kept beside the study as `ct-<n>.zip`. */
async function studyZip(study, instances) {
  const zipPath = path.join(BENCH_DATA_DIR, `ct-${instances}.zip`);
  const marker = `${zipPath}.json`;
  if (existsSync(marker)) {
    const kept = JSON.parse(await readFile(marker, 'utf8'));
    if (kept.studyInstanceUid === study.studyInstanceUid && existsSync(zipPath)) return { zipPath, ...kept };
  }
  step(`zipping ct-${instances} (level 6; once, then reused)`);
  const started = performance.now();
  const partial = `${zipPath}.${process.pid}.partial`; // renamed when whole: a stopped run leaves no half zip
  await zipFolder(study.dir, partial, { compressionLevel: 6 });
  await rename(partial, zipPath);
  const kept = {
    studyInstanceUid: study.studyInstanceUid,
    bytes: (await stat(zipPath)).size,
    zipSeconds: (performance.now() - started) / 1000,
  };
  await writeFile(marker, JSON.stringify(kept));
  return { zipPath, ...kept };
}

/** PUTs the zip as the API plans it (one PUT, or parts 4 at a time read from disk, then complete-upload). */
async function upload(caller, zipPath, size, query) {
  const plan = await api.call(IMAGING_API.presignedUrl, { ...query, size }, { session: caller.credentials });
  const file = await open(zipPath);
  try {
    const put = async (url, start, length, headers = {}) => {
      const body = Buffer.alloc(length);
      await file.read(body, 0, length, start);
      const res = await fetch(url, { method: 'PUT', headers, body });
      if (res.status !== 200) throw new Error(`PUT answered ${res.status}: ${await res.text()}`);
      return res.headers.get('etag');
    };
    if (plan.presignedUrl) {
      await put(plan.presignedUrl, 0, size, { 'content-type': 'application/zip' });
      return { importId: plan.importId, parts: 1 };
    }
    const { partSize, urls } = plan.parts;
    const etags = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < urls.length) {
          const { partNumber, url } = urls[next++];
          const start = (partNumber - 1) * partSize;
          etags.push({ partNumber, etag: await put(url, start, Math.min(partSize, size - start)) });
        }
      }),
    );
    etags.sort((a, b) => a.partNumber - b.partNumber);
    await api.call(
      IMAGING_API.completeUpload,
      { importId: plan.importId, parts: etags },
      { session: caller.credentials },
    );
    return { importId: plan.importId, parts: urls.length };
  } finally {
    await file.close();
  }
}

/** A consumer of imaging.study.v1 in a group of its own, joined before the trigger; resolves on the study's event. */
async function studyImportedListener(tenantId, studyInstanceUid) {
  const consumer = testKafka(`bench-${randomBytes(3).toString('hex')}`).consumer({
    groupId: `bench-import-${randomBytes(4).toString('hex')}`,
  });
  let resolveEvent;
  const event = new Promise((r) => (resolveEvent = r));
  const joined = new Promise((r) => consumer.on(consumer.events.GROUP_JOIN, r));
  await consumer.connect();
  await consumer.subscribe({ topic: TOPICS.imagingStudy, fromBeginning: false });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const at = performance.now();
      const envelope = JSON.parse(message.value.toString());
      if (
        envelope.tenantId === tenantId &&
        envelope.type === 'StudyImported' &&
        envelope.payload?.studyInstanceUid === studyInstanceUid
      )
        resolveEvent({ at, envelope });
    },
  });
  await joined;
  await sleep(1000); // the group's first fetch positions at the end of the topic
  return { event, stop: () => consumer.disconnect() };
}

/** Imports the CT study of `instances` once into a new bench company with a dedicated worker; the figures. */
async function ingestOnce(instances, dist = null) {
  const study = await buildCtBenchStudy({ instances });
  const rawBytes = study.bytes;
  const zip = await studyZip(study, instances);
  const { tenantId, caller } = await benchTenant(uniqueTenantName('benchingest'));
  const query = { groupId: caller.groupId, centerId: caller.centreId, source: 'R2', studyId: study.studyInstanceUid };

  step(`${instances} instances: uploading ${fmt(zip.bytes / 1e6, 0)} MB through the API`);
  const uploadStarted = performance.now();
  const { importId, parts } = await upload(caller, zip.zipPath, zip.bytes, query);
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;

  const worker = await startBenchWorker(dist);
  const idle = await memoryOf(worker.pid);
  const listener = await studyImportedListener(tenantId, study.studyInstanceUid);
  let peakSampledMb = idle.rssMb;
  const sampler = setInterval(() => {
    memoryOf(worker.pid)
      .then((m) => (peakSampledMb = Math.max(peakSampledMb, m.rssMb)))
      .catch(() => undefined);
  }, 200);
  try {
    step(`${instances} instances: trigger (init-download-zip), waiting for StudyImported on ${TOPICS.imagingStudy}`);
    const extra = { 'bench imaging-worker': worker.pid, 'bench client': process.pid };
    const cpuBefore = cpuSnapshot(extra);
    const triggered = performance.now();
    await api.call(IMAGING_API.initDownloadZip, { ...query, importId }, { session: caller.credentials });
    let failed = null;
    let done = false;
    const poll = (async () => {
      while (!done) {
        const i = await api.call(IMAGING_API.getImport, { importId }, { session: (await caller.fresh()).credentials });
        if (i.state === 'FAILED') failed = i;
        if (i.state === 'FAILED' || i.state === 'COMPLETED') return { at: performance.now(), import: i };
        await sleep(500);
      }
    })();
    const first = await Promise.race([listener.event, poll]);
    if (failed) throw new Error(`import failed: ${failed.error}`);
    // the import is COMPLETED: its event is at most a relay away (docs/decisions/0037), never minutes
    const { at, envelope } =
      'envelope' in first
        ? first
        : await Promise.race([
            listener.event,
            sleep(60_000).then(() => {
              throw new Error('the import COMPLETED but no StudyImported event arrived within 60 s');
            }),
          ]);
    const cpu = cpuBetween(cpuBefore, cpuSnapshot(extra), instances);
    done = true;
    const finished = await poll.catch(() => null);
    const seconds = (at - triggered) / 1000;
    const memory = await memoryOf(worker.pid);
    const completed =
      finished?.import ?? (await api.call(IMAGING_API.getImport, { importId }, { session: caller.credentials }));
    if (completed.instancesStored !== instances)
      throw new Error(`the import stored ${completed.instancesStored} of ${instances} instances`);
    return {
      row: {
        instances,
        megabytes: rawBytes / 1e6,
        zipMegabytes: zip.bytes / 1e6,
        uploadParts: parts,
        uploadSeconds,
        seconds,
        instancesPerSecond: instances / seconds,
        mbPerSecond: rawBytes / 1e6 / seconds,
        workerIdleRssMb: idle.rssMb,
        workerPeakRssMb: memory.hwmMb,
        workerPeakSampledRssMb: Math.max(peakSampledMb, memory.rssMb),
        eventInstancesAdded: envelope.payload.instancesAdded ?? null,
        completedSeenAfterSeconds: finished ? (finished.at - triggered) / 1000 : null,
        cpu,
      },
      imported: {
        tenantId,
        caller,
        studyInstanceUid: study.studyInstanceUid,
        seriesInstanceUid: study.instances[0].seriesInstanceUid,
        rawBytes,
        instances,
      },
    };
  } finally {
    clearInterval(sampler);
    await listener.stop().catch(() => undefined);
    await stopGroup(worker.pid);
  }
}

export async function rayworksIngest(ctx) {
  log('\n## Rayworks import worker (imaging.study-import): upload finished → StudyImported on Kafka');
  const sizes = ctx.sizes;
  const stopped = await stopStackWorker();
  const rows = [];
  try {
    for (const instances of sizes)
      for (const variant of variants()) {
        const { row, imported } = await ingestOnce(instances, variant.dist);
        rows.push({ ...row, build: variant.label });
        log(`\n${variant.label || 'this build'}, import worker, ${instances} instances:`);
        for (const line of cpuTable(row.cpu, { unit: 'instance', targetRate: 0 })) log(line);
        ctx.benchTenants.push(imported.tenantId);
        if (instances === sizes[0]) ctx.importedCt = imported;
      }
  } finally {
    if (stopped) await restartStackWorker();
  }
  log(
    '| build | instances | MB (files) | zip MB | upload s | import s | instances/s | MB/s | worker RSS idle MB | worker peak (VmHWM) MB |',
  );
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    log(
      `| ${r.build} | ${r.instances} | ${fmt(r.megabytes, 0)} | ${fmt(r.zipMegabytes, 0)} | ${fmt(r.uploadSeconds)} | ${fmt(r.seconds)} | ${fmt(r.instancesPerSecond)} | ${fmt(r.mbPerSecond)} | ${fmt(r.workerIdleRssMb, 0)} | ${fmt(r.workerPeakRssMb, 0)} |`,
    );
  }
  log(
    '(import s: from the init-download-zip call to the StudyImported event consumed on imaging.study.v1; a dedicated ' +
      "worker process per study size with the stack's environment; MB are the DICOM files' bytes)",
  );
  ctx.results.sections['rayworks-ingest'] = rows;
}

// ---------------------------------------------------------------------------------------------------------------
// rayworks-stow

/**
 * STOW-RS of the CT study through the gateway (what a modality's gateway or another archive sends): `clients`
 * concurrent loops, `perRequest` instances a request, into a new bench company; first request to last answer, then
 * every instance checked stored (the StudyImported events' instancesAdded add up to the study). The imaging
 * service's resident memory sampled meanwhile (its VmHWM counts since its start).
 */
async function stowOnce(instances, perRequest, clients) {
  const study = await buildCtBenchStudy({ instances });
  const { tenantId, caller } = await benchTenant(uniqueTenantName('benchstow'));
  const files = study.files;
  const batches = [];
  for (let i = 0; i < files.length; i += perRequest) batches.push(files.slice(i, i + perRequest));
  const imagingPid = Number(await readFile(path.join(RUN_DIR, 'imaging.pid'), 'utf8'));
  const before = await memoryOf(imagingPid);
  let peakMb = before.rssMb;
  const sampler = setInterval(() => {
    memoryOf(imagingPid)
      .then((m) => (peakMb = Math.max(peakMb, m.rssMb)))
      .catch(() => undefined);
  }, 200);
  let next = 0;
  let bytes = 0;
  step(`STOW-RS ${instances} instances, ${perRequest} a request, ${clients} clients, through the gateway`);
  const extra = { 'bench client': process.pid };
  const cpuBefore = cpuSnapshot(extra);
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (;;) {
          const batch = batches[next++];
          if (!batch) return;
          const { body, contentType } = await stowBody(batch);
          bytes += body.length;
          const res = await fetch(`${GATEWAY}/api/imaging/dicomweb/studies`, {
            method: 'POST',
            headers: {
              ...(await caller.fresh()).bearer(),
              'Content-Type': contentType,
              Accept: 'application/dicom+json',
            },
            body,
          });
          const text = await res.text();
          if (res.status !== 200) throw new Error(`STOW-RS answered ${res.status}: ${text.slice(0, 500)}`);
        }
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuBetween(cpuBefore, cpuSnapshot(extra), instances);
  const [held] = await tenantQuery(tenantId, 'SELECT count(*)::int AS n FROM imaging.instances');
  if (held.n !== instances) throw new Error(`STOW-RS stored ${held.n} of ${instances} instances`);
  return {
    tenantId,
    row: {
      instances,
      perRequest,
      clients,
      seconds,
      instancesPerSecond: instances / seconds,
      mbPerSecond: bytes / 1e6 / seconds,
      imagingRssBeforeMb: before.rssMb,
      imagingPeakSampledRssMb: peakMb,
      cpu,
    },
  };
}

/**
 * The imaging API process of another build (BENCH_BEFORE_DIST) in place of the stack's, with the stack's
 * environment, while `work` runs; the stack's started again after (stack.mjs start).
 */
async function withImagingFrom(dist, work) {
  if (!dist) return work();
  const table = processTable().find((p) => p.name === 'imaging');
  const pid = Number(await readFile(path.join(RUN_DIR, 'imaging.pid'), 'utf8'));
  step(`imaging API from ${path.relative(ROOT, dist)} in place of the stack's (pid ${pid})`);
  await stopGroup(pid);
  const out = openSync(path.join(ROOT, '.local/logs/bench-imaging-before.log'), 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(dist, 'main.js')], {
    cwd: ROOT,
    env: processEnv(table),
    detached: true,
    stdio: ['ignore', out, out],
  });
  await writeFile(path.join(RUN_DIR, 'imaging.pid'), String(child.pid));
  try {
    const deadline = Date.now() + 60_000;
    while (!(await ready(table.port))) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error('the imaging API of the other build did not start: .local/logs/bench-imaging-before.log');
      await sleep(250);
    }
    return await work();
  } finally {
    await stopGroup(child.pid);
    await restartStackWorker();
  }
}

export async function rayworksStow(ctx) {
  log('\n## Rayworks STOW-RS through the gateway (4 clients): first request → last answer');
  const perRequest = (process.env.BENCH_STOW_PER_REQUEST ?? '1,25').split(',').map(Number);
  const rows = [];
  for (const instances of ctx.sizes)
    for (const variant of variants())
      await withImagingFrom(variant.dist, async () => {
        for (const n of perRequest) {
          const { tenantId, row } = await stowOnce(instances, n, 4);
          ctx.benchTenants.push(tenantId);
          rows.push({ ...row, build: variant.label });
          log(`\n${variant.label || 'this build'}, STOW-RS ${instances} instances, ${n} a request:`);
          for (const line of cpuTable(row.cpu, { unit: 'instance', targetRate: 0 })) log(line);
        }
      });
  log(
    '| build | instances | per request | clients | seconds | instances/s | MB/s | imaging RSS before MB | imaging RSS peak MB |',
  );
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    log(
      `| ${r.build} | ${r.instances} | ${r.perRequest} | ${r.clients} | ${fmt(r.seconds)} | ${fmt(r.instancesPerSecond)} | ${fmt(r.mbPerSecond)} | ${fmt(r.imagingRssBeforeMb, 0)} | ${fmt(r.imagingPeakSampledRssMb, 0)} |`,
    );
  ctx.results.sections['rayworks-stow'] = rows;
}

// ---------------------------------------------------------------------------------------------------------------
// rayworks-wado

/** Streams a WADO-RS answer to the end, counting bytes; MB/s from the request to the last byte. */
async function retrieve(url, headers) {
  const started = performance.now();
  const res = await fetch(url, { headers: { ...headers, Accept: 'multipart/related; type="application/dicom"' } });
  if (res.status !== 200) throw new Error(`WADO-RS ${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  return { seconds, bytes, contentType: res.headers.get('content-type') };
}

export async function rayworksWado(ctx) {
  log('\n## Rayworks WADO-RS: a whole series (multipart/related; type="application/dicom")');
  let imported = ctx.importedCt;
  if (!imported) {
    step("importing the 1,000-instance CT study first (through the stack's worker)");
    const stopped = await stopStackWorker();
    try {
      const { imported: done } = await ingestOnce(1_000);
      imported = done;
      ctx.benchTenants.push(done.tenantId);
    } finally {
      if (stopped) await restartStackWorker();
    }
  }
  const caller = await imported.caller.fresh();
  const rel = `/dicomweb/studies/${imported.studyInstanceUid}/series/${imported.seriesInstanceUid}`;
  const rows = [];
  for (const [via, url] of [
    ['gateway', `${GATEWAY}/api/imaging${rel}`],
    ['service', `${SERVICE}${rel}`],
  ]) {
    await retrieve(url, caller.bearer()); // warm-up: the first read pulls the objects from disk
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await retrieve(url, caller.bearer()));
    const best = runs.reduce((a, b) => (a.seconds < b.seconds ? a : b));
    const median = [...runs].sort((a, b) => a.seconds - b.seconds)[1];
    rows.push({
      via,
      instances: imported.instances,
      megabytes: median.bytes / 1e6,
      medianSeconds: median.seconds,
      mbPerSecond: median.bytes / 1e6 / median.seconds,
      bestMbPerSecond: best.bytes / 1e6 / best.seconds,
    });
  }
  log('| via | instances | MB answered | seconds (median of 3) | MB/s (median) | MB/s (best) |');
  log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows)
    log(
      `| ${r.via} | ${r.instances} | ${fmt(r.megabytes, 0)} | ${fmt(r.medianSeconds, 2)} | ${fmt(r.mbPerSecond)} | ${fmt(r.bestMbPerSecond)} |`,
    );
  ctx.results.sections['rayworks-wado'] = rows;
}

// ---------------------------------------------------------------------------------------------------------------
// rayworks-qido

/** The bench company of the QIDO dataset of that many studies (never the demo company). */
const qidoTenant = (studies) => `benchqido${studies}`;

async function studiesHeld(tenantId) {
  const [row] = await tenantQuery(tenantId, 'SELECT count(*)::int AS n FROM imaging.studies');
  return row.n;
}

/** STOW-RS of the whole dataset, 250 instances a request, 4 requests at a time, direct to the service. */
async function stowAll(caller, dataset) {
  const files = dataset.studies.map((s) => path.join(dataset.dir, s.relativePath));
  const batches = [];
  for (let i = 0; i < files.length; i += 250) batches.push(files.slice(i, i + 250));
  let next = 0;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        const { body, contentType } = await stowBody(batch);
        const res = await fetch(`${SERVICE}/dicomweb/studies`, {
          method: 'POST',
          headers: {
            ...(await caller.fresh()).bearer(),
            'Content-Type': contentType,
            Accept: 'application/dicom+json',
          },
          body,
        });
        if (res.status !== 200) throw new Error(`STOW-RS answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
        done += batch.length;
        if (done % 2000 < 250) step(`stored ${done} of ${files.length}`);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

async function qidoOnce(url, headers) {
  const started = performance.now();
  const res = await fetch(url, { headers: { ...headers, Accept: 'application/dicom+json' } });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`QIDO ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, count: text ? JSON.parse(text).length : 0 };
}

export async function rayworksQido(ctx) {
  log(
    `\n## Rayworks QIDO-RS at ${ctx.qidoStudies} studies (limit 50, one client; company "${qidoTenant(ctx.qidoStudies)}")`,
  );
  const dataset = await buildQidoBenchDataset({ studies: ctx.qidoStudies });
  const { tenantId, caller } = await benchTenant(qidoTenant(ctx.qidoStudies));
  let held = await studiesHeld(tenantId);
  let loadSeconds = null;
  if (held !== dataset.studies.length) {
    step(`the bench company holds ${held} studies: loading ${dataset.studies.length} by STOW-RS (once, then kept)`);
    loadSeconds = await stowAll(caller, dataset);
    held = await studiesHeld(tenantId);
    if (held !== dataset.studies.length) throw new Error(`the bench company holds ${held} studies after loading`);
    step(`loaded in ${fmt(loadSeconds)} s (${fmt(dataset.studies.length / loadSeconds, 0)} instances/s)`);
  } else step(`reusing the bench company's ${held} studies`);
  const queries = qidoBenchQueries(dataset, { perKind: ctx.qidoQueries });
  const warmUp = qidoBenchQueries(dataset, { perKind: 10, seed: 99 });
  const rows = [];
  for (const [via, baseUrl] of [
    ['gateway', `${GATEWAY}/api/imaging/dicomweb/studies`],
    ['service', `${SERVICE}/dicomweb/studies`],
  ]) {
    const headers = (await caller.fresh()).bearer();
    for (const q of warmUp) await qidoOnce(`${baseUrl}?${new URLSearchParams(q.params)}`, headers);
    const byKind = {};
    for (const q of queries) {
      const { ms, count } = await qidoOnce(`${baseUrl}?${new URLSearchParams(q.params)}`, headers);
      (byKind[q.kind] ??= { ms: [], counts: [] }).ms.push(ms);
      byKind[q.kind].counts.push(count);
    }
    for (const [kind, { ms, counts }] of Object.entries(byKind))
      rows.push({ via, kind, ...percentiles(ms), meanResults: counts.reduce((s, c) => s + c, 0) / counts.length });
  }
  log('| via | query | n | mean results | p50 ms | p95 ms | p99 ms | max ms |');
  log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    log(
      `| ${r.via} | ${r.kind} | ${r.n} | ${fmt(r.meanResults)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${fmt(r.max)} |`,
    );
  if (loadSeconds !== null) log(`(loading the ${ctx.qidoStudies} studies by STOW-RS took ${fmt(loadSeconds)} s)`);
  ctx.results.sections['rayworks-qido'] = {
    studies: ctx.qidoStudies,
    tenant: qidoTenant(ctx.qidoStudies),
    loadSeconds,
    rows,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// browser-zip

const ZIP_PAGE_SRC = path.join(ROOT, 'scripts/bench/zip-page');
const ZIP_PAGE_OUT = path.join(BENCH_DATA_DIR, 'zip-page');

/** Builds the bench page (scripts/bench/zip-page) with Vite: the console's zipStudy and zip.js's worker, as shipped. */
async function buildZipPage() {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV; // Vite's build sets NODE_ENV=production in this process: the stack must not inherit it
  try {
    await build({
      configFile: false,
      root: ZIP_PAGE_SRC,
      logLevel: 'warn',
      build: { outDir: ZIP_PAGE_OUT, emptyOutDir: true, target: 'es2022' },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

const MIME = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.dcm': 'application/dicom',
  '.json': 'application/json',
};

/** Serves the page and the study's files on the loopback. */
function servePage(studyDir) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const file = url.pathname.startsWith('/files/')
      ? path.join(studyDir, decodeURIComponent(url.pathname.slice('/files/'.length)))
      : path.join(ZIP_PAGE_OUT, url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname));
    const root = url.pathname.startsWith('/files/') ? studyDir : ZIP_PAGE_OUT;
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function browserZip(ctx) {
  const targetMb = Number(process.env.BENCH_ZIP_MB ?? 200);
  log(`\n## Browser zip (the console's zip.js Web Worker pool, level 6) on ≈ ${targetMb} MB of the CT files, Chromium`);
  const study = await buildCtBenchStudy({ instances: 1_000 });
  const files = [];
  let bytes = 0;
  for (const i of study.instances) {
    if (bytes >= targetMb * 1e6) break;
    files.push(i.relativePath);
    bytes += i.size;
  }
  step('building the bench page (Vite)');
  await buildZipPage();
  const server = await servePage(study.dir);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const rows = [];
  try {
    const page = await (await browser.newContext()).newPage();
    page.on('pageerror', (e) => step(`page error: ${e.message}`));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => typeof globalThis.benchZip === 'function');
    step(`${files.length} files, ${fmt(bytes / 1e6, 0)} MB, loaded into the page as Blobs`);
    await page.evaluate((paths) => globalThis.loadFiles(paths), files);
    await page.evaluate(() => globalThis.benchZip(2)); // warm-up: worker script, JIT
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    for (const workers of [1, 2, 4]) {
      step(`zipping with ${workers} worker(s)`);
      const r = await page.evaluate((w) => globalThis.benchZip(w), workers);
      rows.push({
        workers,
        files: files.length,
        megabytes: r.bytesIn / 1e6,
        zipMegabytes: r.bytesOut / 1e6,
        seconds: r.ms / 1000,
        mbPerSecond: r.bytesIn / 1e6 / (r.ms / 1000),
        hardwareConcurrency: cores,
      });
    }
  } finally {
    await browser.close();
    server.close();
  }
  log('| workers | files | MB in | zip MB | seconds | MB/s |');
  log('|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    log(
      `| ${r.workers} | ${r.files} | ${fmt(r.megabytes, 0)} | ${fmt(r.zipMegabytes, 0)} | ${fmt(r.seconds, 2)} | ${fmt(r.mbPerSecond)} |`,
    );
  log(`(Chromium reports navigator.hardwareConcurrency = ${rows[0]?.hardwareConcurrency})`);
  ctx.results.sections['browser-zip'] = rows;
}

// ---------------------------------------------------------------------------------------------------------------

/** Builds (or finds) every input of the run: the CT studies and their zips, the QIDO dataset. Needs no stack. */
export async function prepare(ctx) {
  for (const instances of ctx.sizes) {
    const study = await buildCtBenchStudy({ instances });
    const zip = await studyZip(study, instances);
    step(`ct-${instances}: ${fmt(study.bytes / 1e6, 0)} MB of files, zip ${fmt(zip.bytes / 1e6, 0)} MB`);
  }
  const dataset = await buildQidoBenchDataset({ studies: ctx.qidoStudies });
  step(`qido-${ctx.qidoStudies}: ${dataset.studies.length} studies (${dataset.reused ? 'reused' : 'built'})`);
}

/** Removes the objects of the ingest benchmark's companies (their rows stay: a few thousand, in companies of their own). */
export async function cleanUp(ctx) {
  for (const tenantId of ctx.benchTenants) {
    const removed = await removeObjects(tenantId).catch((e) => (step(`clean-up ${tenantId}: ${e.message}`), 0));
    step(`removed ${removed} objects of bench company ${tenantId}`);
  }
  await rm(path.join(BENCH_DATA_DIR, 'zip-page'), { recursive: true, force: true }).catch(() => undefined);
}
