// Frame requests as the cloud viewer makes them (issue 11, docs/decisions/0171): every frame of the bench CT
// (`benchviewer1`'s 1,000-instance case, left by `npm run bench:viewer`), one WADO-RS request per instance
// (`…/instances/{i}/frames/1`, `Authorization: Bearer <study token>`), 6 keep-alive connections at a time like a
// browser's HTTP/1.1 — through the gateway, then straight to imaging's port; and, for the storage's share, the same
// number of 512 KB ranged reads straight from the object store (S3 client, 6 at a time). Prints requests/s, p50/p95
// per request and MB/s of each.
//   npm run bench:viewer-frames   (the stack running, or BENCH_STACK_LOCK=/tmp/rayworks-stack.lock; data: npm run bench:viewer once)
//   FRAMES_PASSES=2 FRAMES_LIMIT=1000 FRAMES_CONCURRENCY=6
//   FRAMES_MODES=frames,24 (issue 24, docs/decisions/0330): `frames` is one request per instance as above; a number N
//   asks the instances N at a time from `…/series/{uid}/pixeldata?instances=…` (one multipart answer each, as the
//   viewer does since 0330), FRAMES_BATCH_CONCURRENCY (3) requests at a time. The CPU columns are per frame.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, CASES_API, GATEWAY_PORT, SERVICE_PORTS } from '@rayworks/contracts';
import { TEST_PASSWORD } from '@rayworks/testing';
import { acquireStack } from './rayworks.mjs';
import { machine } from './machine.mjs';

const COMPANY = 'benchviewer1';
const PATIENT = process.env.FRAMES_PATIENT ?? 'BENCH-CT-1000';
const PASSES = Number(process.env.FRAMES_PASSES ?? 2);
const LIMIT = Number(process.env.FRAMES_LIMIT ?? 1000);
const CONCURRENCY = Number(process.env.FRAMES_CONCURRENCY ?? 6);
const BATCH_CONCURRENCY = Number(process.env.FRAMES_BATCH_CONCURRENCY ?? 3);
const MODES = (process.env.FRAMES_MODES ?? 'frames,24').split(',').map((m) => m.trim());
const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`;
const IMAGING = `http://127.0.0.1:${SERVICE_PORTS.imaging}`;
const MB = 1024 * 1024;
/** CPU time (user + system, ms) a stack process has used so far, from /proc (clock ticks of 10 ms). */
function cpuMs(name) {
  try {
    const pid = readFileSync(`.local/run/${name}.pid`, 'utf8').trim();
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}
const step = (line) => process.stderr.write(`  … ${line}\n`);
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** GET with a keep-alive agent; resolves with the status and the body's length. */
function get(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Runs `work(i)` for i in 0..n-1, `concurrency` at a time; each call's duration in ms. */
async function pool(n, work, concurrency = CONCURRENCY) {
  const times = new Array(n);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < n; i = next++) {
        const t = performance.now();
        await work(i);
        times[i] = performance.now() - t;
      }
    }),
  );
  return { wallMs: performance.now() - started, times };
}

function summary(label, { wallMs, times }, bytes) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    label,
    requests: times.length,
    seconds: wallMs / 1000,
    perSecond: times.length / (wallMs / 1000),
    p50: pct(sorted, 50),
    p95: pct(sorted, 95),
    mbPerSecond: bytes / MB / (wallMs / 1000),
  };
}

async function frames(base, prefix, token, study, series, uids, mode) {
  const batch = mode === 'frames' ? 0 : Number(mode);
  const concurrency = batch ? BATCH_CONCURRENCY : CONCURRENCY;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let bytes = 0;
  const statuses = new Map();
  const headers = {
    Authorization: `Bearer ${token}`,
    Accept: 'multipart/related; type="application/octet-stream"; transfer-syntax=*',
    'Accept-Encoding': 'gzip, deflate, br',
  };
  const seriesUrl = `${base}${prefix}/studies/${study}/series/${series}`;
  const batches = batch
    ? Array.from({ length: Math.ceil(uids.length / batch) }, (_, k) => uids.slice(k * batch, (k + 1) * batch))
    : [];
  const result = await pool(
    batch ? batches.length : uids.length,
    async (i) => {
      const url = batch
        ? `${seriesUrl}/pixeldata?instances=${batches[i].join(',')}`
        : `${seriesUrl}/instances/${uids[i]}/frames/1`;
      const r = await get(agent, url, headers);
      bytes += r.bytes;
      const key = `${r.status}${r.encoding ? ` ${r.encoding}` : ''}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    },
    concurrency,
  );
  agent.destroy();
  return { result, bytes, statuses: Object.fromEntries(statuses) };
}

async function storageReads(n) {
  const s3 = new S3Client({
    endpoint: process.env.S3_ENDPOINT ?? 'http://127.0.0.1:9000',
    region: process.env.S3_REGION ?? 'us-east-1',
    forcePathStyle: true,
    credentials: {
      accessKeyId: process.env.S3_ACCESS_KEY_ID ?? 'rayworks',
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? 'rayworks-secret-key',
    },
  });
  const Bucket = process.env.S3_BUCKET ?? 'rayworks';
  const keys = [];
  let ContinuationToken;
  while (keys.length < n) {
    const page = await s3.send(new ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: 1000 }));
    for (const o of page.Contents ?? []) if (o.Size > 520_000 && o.Size < 540_000) keys.push(o.Key);
    if (!page.IsTruncated) break;
    ContinuationToken = page.NextContinuationToken;
  }
  let bytes = 0;
  const result = await pool(Math.min(n, keys.length), async (i) => {
    const out = await s3.send(new GetObjectCommand({ Bucket, Key: keys[i], Range: `bytes=4000-${4000 + 524288 - 1}` }));
    bytes += (await out.Body.transformToByteArray()).length;
  });
  s3.destroy();
  return { result, bytes };
}

const release = await acquireStack({ services: ['imaging', 'cases'] });
try {
  const m = machine();
  const load = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
  console.log(`# Frame requests (${new Date().toISOString()}; ${m.cpus} × ${m.cpu}; load ${load()})`);
  const api = new ApiClient({ baseUrl: GATEWAY });
  const session = await api.call(
    AUTH_API.login,
    {},
    { headers: loginHeaders(`${COMPANY}.radiologist`, TEST_PASSWORD) },
  );
  const cases = await api.call(CASES_API.findCases, { search: PATIENT }, { session });
  const c = cases.find((x) => x.patientId === PATIENT) ?? cases[0];
  if (!c) throw new Error(`no case of ${PATIENT} in ${COMPANY}: run npm run bench:viewer once`);
  const opened = await api.call(CASES_API.openViewer, { caseId: c._id }, { session });
  const study = opened.studyInstanceUid;
  const qido = await fetch(`${IMAGING}/dicomweb/studies/${study}/instances?limit=${LIMIT}&includefield=0020000E`, {
    headers: { Authorization: `Bearer ${opened.dicomweb.token}`, Accept: 'application/dicom+json' },
  }).then((r) => r.json());
  const series = qido[0]['0020000E'].Value[0];
  const uids = qido.filter((d) => d['0020000E'].Value[0] === series).map((d) => d['00080018'].Value[0]);
  step(`case ${c._id}: ${uids.length} instances of series ${series}`);
  const rows = [];
  for (let pass = 1; pass <= PASSES; pass++) {
    for (const mode of MODES)
      for (const [path, base, prefix] of [
        ['gateway', GATEWAY, '/api/imaging/dicomweb'],
        ['imaging direct', IMAGING, '/dicomweb'],
      ]) {
        const label = `${path}, ${mode === 'frames' ? 'one frame a request' : `${mode} instances a request`}`;
        const cpu = { imaging: cpuMs('imaging'), gateway: cpuMs('gateway') };
        const r = await frames(base, prefix, opened.dicomweb.token, study, series, uids, mode);
        const used = (name) => (cpuMs(name) - cpu[name]) / uids.length;
        step(`${label} pass ${pass}: ${JSON.stringify(r.statuses)}`);
        rows.push({
          ...summary(`${label} (pass ${pass})`, r.result, r.bytes),
          imagingCpu: used('imaging'),
          gatewayCpu: used('gateway'),
        });
      }
    if (process.env.FRAMES_STORE === '0') continue;
    const s = await storageReads(uids.length);
    rows.push(summary(`object store 512 KB ranges (pass ${pass})`, s.result, s.bytes));
  }
  console.log(
    '| path | requests | s | requests/s | p50 ms | p95 ms | MB/s | imaging CPU ms/frame | gateway CPU ms/frame |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.label} | ${r.requests} | ${fmt(r.seconds, 1)} | ${fmt(r.perSecond)} | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} | ${fmt(r.mbPerSecond)} | ${fmt(r.imagingCpu, 1)} | ${fmt(r.gatewayCpu, 1)} |`,
    );
  console.log(`load average at the end: ${load()}`);
} finally {
  await release();
}
