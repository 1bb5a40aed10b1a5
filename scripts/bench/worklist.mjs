// npm run bench:worklist — the worklist at 1,000,000 cases (issue 10's benchmark). Prints figures; not a timed test.
// Sections (run all, or some with BENCH_SECTIONS=api,sql,k6):
//   seed  (always) the bench company `benchwl1m` (a company of its own, never the demo company: 20 centres, 5
//         administrators, 40 radiologists, 10 typists) and its 1,000,000 cases, loaded once and kept
//         (scripts/bench/worklist-seed.mjs), the maintained counts checked against the rows (rebuilt if a load
//         predates their trigger).
//   api   p50/p95/p99 of /cases/get for the common filters and sort orders and of /getworklist/statistics, as a
//         company administrator and as a radiologist, one client, after a warm-up: through the gateway (the
//         headline: authentication, the service's guard, row-level security) and direct to the cases service;
//         with each kind's CPU per request of cases, of PostgreSQL's rayworks_cases backends and of the gateway.
//   sql   the "PostgreSQL alone" figures on the same data, plain SQL with psql's protocol (node-postgres):
//         first page of a status tab newest first, page 200 by OFFSET and by keyset, a patient-name 'contains'
//         search, counting per status by scanning and one tab's total — once on a plain copy of the company's rows
//         with no row-level security and a trigram index (what the issue measured: a scratch schema, dropped after),
//         and once on cases.cases itself, as the owner inside the tenant (row-level security, as the API reads).
//   k6    deploy/k6/worklist.js: 200 virtual users browsing (tabs, filters, pages, statistics) and acting (assign,
//         accept, hold and resume through /cases/assign and /cases/worklistupdate) for BENCH_K6_DURATION (60s);
//         its p95 and error rate, and the CPU each process used per request over the run (after k6's logins;
//         scripts/bench/process-cpu.mjs), so the next bottleneck is named.
//         BENCH_CASES_REPLICAS=2: the same run against two cases processes (decision 0333): the bench starts the
//         second (`cases-2` of scripts/lib/processes.mjs with CASES_REPLICAS=2, on its port) and a gateway of its own
//         whose SERVICE_URL_CASES lists both, points k6 at that gateway, and stops both after; errors must be 0.
// The stack: the running one, or this checkout's started (infra, migrations, processes) and stopped after
// (BENCH_STACK_LOCK=<file>: hold that flock meanwhile). Results also go to .local/bench/worklist-results.json.
//   BENCH_REQUESTS per API/SQL query kind (default 200), BENCH_K6_VUS (200), BENCH_K6_DURATION (60s)
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import os from 'node:os';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ApiClient, credentialHeaders, credentialsOf, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, CASES_API, GATEWAY_PORT, SERVICE_PORTS, serviceApiPrefix } from '@rayworks/contracts';
import { BENCH_DATA_DIR, freePort, percentiles, TEST_PASSWORD } from '@rayworks/testing';
import { processEnv, processTable, ROOT } from '../lib/processes.mjs';
import { cpuBetween, cpuSnapshot, cpuTable, followCpu } from './process-cpu.mjs';
import { startFloorProxy } from './floor-proxy.mjs';
import { acquireStack } from './rayworks.mjs';
import { BENCH_COMPANY, ensureCounts, inTenant, loginOf, seedWorklist } from './worklist-seed.mjs';
import { databaseAlone } from './worklist-sql.mjs';
import { machine } from './machine.mjs';

const SECTIONS = (process.env.BENCH_SECTIONS ?? 'api,sql,k6').split(',').map((s) => s.trim());
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CASES_REPLICAS = Number(process.env.BENCH_CASES_REPLICAS ?? 1);
/** The line deploy/k6/worklist.js logs when its logins are done: the CPU count starts there. */
const K6_SETUP_DONE = 'rayworks-k6: setup done';
const WARM_UP = 10;
const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`;
const DIRECT = `http://127.0.0.1:${SERVICE_PORTS.cases}`;
const api = new ApiClient({ baseUrl: GATEWAY });
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const log = (line) => console.log(line);
const step = (line) => process.stderr.write(`  … ${line}\n`);

const results = { machine: machine(), date: new Date().toISOString(), sections: {} };

async function signIn(loginName) {
  const session = await api.call(AUTH_API.login, {}, { headers: loginHeaders(loginName, TEST_PASSWORD) });
  return { loginName, userId: session._id, credentials: credentialsOf(session) };
}

/**
 * One call, timed from the request to the last byte of the answer (loopback: the server's time plus a fraction of a
 * millisecond). Anything but a 2xx success is a failure of the benchmark, not a figure.
 */
async function timedCall(base, caller, endpoint, body) {
  // through a proxy (the gateway, the hop section's floor proxy) the path carries the service's prefix
  const prefix = base === DIRECT ? base : `${base}${serviceApiPrefix(endpoint.service)}`;
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    ...credentialHeaders(caller.credentials, typeof endpoint.access === 'object' ? endpoint.access.type : undefined),
    // as Chromium asks: the answer is compressed as the console's is (by the service itself: decision 0371)
    'accept-encoding': 'gzip, deflate, br, zstd',
  };
  const started = performance.now();
  const res = await fetch(`${prefix}${endpoint.path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - started;
  const json = JSON.parse(text);
  if (res.status !== 200 || json.status !== 'success')
    throw new Error(`${endpoint.path} ${JSON.stringify(body)}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, data: json.data };
}

const STATUS_TABS = ['NEW', 'IN PROGRESS', 'PENDING AT TYPIST', 'COMPLETED', 'ALL'];
// the tabs with 10,000 cases and more (the open tabs hold a few thousand: docs/benchmarks.md)
const DEEP_TABS = ['COMPLETED', 'ALL'];
// family-name, given-name and patient-ID prefixes (the search is the start of a word of the name, or of the
// patient ID or accession number: docs/decisions/0118-worklist-queries.md)
const SEARCHES = ['shar', 'nguy', 'kowal', 'yamam', 'fern', 'priya', 'mateo', 'BW00123', 'ACC0004'];
const MODALITIES = ['CT', 'MR', 'US', 'CR'];

/** The keyset cursor of page `page` (its `nextCursor` of page − 1), walked once per tab. */
async function cursorAt(caller, filter, page) {
  let cursor;
  for (let p = 1; p < page; p++) {
    const { data } = await timedCall(GATEWAY, caller, CASES_API.getCases, { ...filter, pageSize: 50, cursor });
    if (!data.nextCursor) throw new Error(`no page ${p + 1} for ${JSON.stringify(filter)}`);
    cursor = data.nextCursor;
  }
  return cursor;
}

/** The query kinds: a label, who asks, and the i-th request's endpoint and body (rotating over realistic values). */
async function queryKinds(company, admin, radiologist) {
  const day = 24 * 3600 * 1000;
  const now = Date.now();
  step('walking 199 pages by cursor on two tabs (the cursors of page 200)');
  const deepCursors = [];
  for (const status of DEEP_TABS) deepCursors.push({ status, cursor: await cursorAt(admin, { status }, 200) });
  const get = CASES_API.getCases;
  const stats = CASES_API.getWorklistStatistics;
  return [
    {
      label: 'status tab, newest first, page 1',
      who: admin,
      endpoint: get,
      body: (i) => ({ status: STATUS_TABS[i % 5] }),
    },
    {
      label: 'status tab, page 200 by page number (OFFSET)',
      who: admin,
      endpoint: get,
      body: (i) => ({ status: DEEP_TABS[i % 2], page: 200 }),
    },
    {
      label: 'status tab, page 200 by cursor (keyset)',
      who: admin,
      endpoint: get,
      body: (i) => ({ status: deepCursors[i % 2].status, cursor: deepCursors[i % 2].cursor }),
    },
    {
      label: 'centre filter, newest first',
      who: admin,
      endpoint: get,
      body: (i) => ({ centreId: company.centreIds[i % 20], status: i % 2 ? 'ALL' : 'NEW' }),
    },
    {
      label: 'patient name / ID search',
      who: admin,
      endpoint: get,
      body: (i) => ({ search: SEARCHES[i % SEARCHES.length] }),
    },
    {
      label: 'modality + 30-day date range',
      who: admin,
      endpoint: get,
      body: (i) => ({
        modality: MODALITIES[i % 4],
        receivedFrom: new Date(now - ((i % 11) + 1) * 30 * day).toISOString(),
        receivedTo: new Date(now - (i % 11) * 30 * day).toISOString(),
      }),
    },
    {
      label: 'open tab by due time (overdue first)',
      who: admin,
      endpoint: get,
      body: (i) => ({ status: i % 2 ? 'IN PROGRESS' : 'NEW', sortBy: 'dueAt', sortDir: 'asc' }),
    },
    { label: 'statistics', who: admin, endpoint: stats, body: () => ({}) },
    {
      label: 'statistics, one centre',
      who: admin,
      endpoint: stats,
      body: (i) => ({ centreId: company.centreIds[i % 20] }),
    },
    {
      label: "radiologist's own list, tab, page 1",
      who: radiologist,
      endpoint: get,
      body: (i) => ({ status: ['IN PROGRESS', 'PENDING FOR ACCEPTANCE', 'COMPLETED', 'ALL'][i % 4] }),
    },
    {
      label: "radiologist's own list, page 20",
      who: radiologist,
      endpoint: get,
      body: () => ({ status: 'COMPLETED', page: 20 }),
    },
    {
      label: "radiologist's search",
      who: radiologist,
      endpoint: get,
      body: (i) => ({ search: SEARCHES[i % SEARCHES.length] }),
    },
    { label: "radiologist's statistics", who: radiologist, endpoint: stats, body: () => ({}) },
  ];
}

async function measureApi(company) {
  log(`\n## /cases/get and /getworklist/statistics at 1,000,000 cases (one client, ${REQUESTS} requests per kind)`);
  const admin = await signIn(loginOf.admin(1));
  const radiologist = await signIn(loginOf.radiologist(1));
  const own = await inTenant(
    company.tenantId,
    async (c) =>
      (await c.query('SELECT count(*)::int AS n FROM cases.cases WHERE radiologist_id = $1', [radiologist.userId]))
        .rows[0].n,
  );
  log(`administrator ${admin.loginName} (the whole company); radiologist ${radiologist.loginName} (${own} cases)`);
  const kinds = await queryKinds(company, admin, radiologist);
  const rows = [];
  for (const kind of kinds) {
    // the two paths take turns, request by request, so neither is measured on caches the other warmed
    const paths = { gateway: GATEWAY, direct: DIRECT };
    const ms = { gateway: [], direct: [] };
    const items = { gateway: 0, direct: 0 };
    for (let i = 0; i < WARM_UP; i++)
      for (const base of Object.values(paths)) await timedCall(base, kind.who, kind.endpoint, kind.body(i));
    const cpuBefore = cpuSnapshot();
    for (let i = 0; i < REQUESTS; i++) {
      for (const [where, base] of Object.entries(paths)) {
        const { ms: one, data } = await timedCall(base, kind.who, kind.endpoint, kind.body(i));
        ms[where].push(one);
        items[where] += data.items ? data.items.length : 0;
      }
    }
    const figures = Object.fromEntries(
      Object.keys(paths).map((where) => [where, { ...percentiles(ms[where]), meanItems: items[where] / REQUESTS }]),
    );
    // CPU per request of the kind (each was asked twice: through the gateway and direct)
    const usage = cpuBetween(cpuBefore, cpuSnapshot(), 2 * REQUESTS);
    const cpuOf = (name) => usage.rows.find((r) => r.name === name)?.msPerRequest ?? NaN;
    figures.cpu = {
      cases: cpuOf('cases'),
      postgres: cpuOf('PostgreSQL as rayworks_cases'),
      gateway: cpuOf('gateway') * 2, // only half the requests went through it: per gateway request
    };
    step(`${kind.label}: gateway p95 ${fmt(figures.gateway.p95)} ms`);
    rows.push({
      label: kind.label,
      who: kind.who === admin ? 'admin' : 'radiologist',
      example: kind.body(0),
      ...figures,
    });
  }
  log(
    '| query | as | rows | gateway p50 | p95 | p99 | direct p50 | p95 | p99 | CPU ms/request: cases | PostgreSQL | gateway |',
  );
  log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const g = r.gateway;
    const d = r.direct;
    log(
      `| ${r.label} | ${r.who} | ${fmt(g.meanItems, 0)} | ${fmt(g.p50)} | **${fmt(g.p95)}** | ${fmt(g.p99)} | ${fmt(d.p50)} | ${fmt(d.p95)} | ${fmt(d.p99)} | ${fmt(r.cpu.cases, 2)} | ${fmt(r.cpu.postgres, 2)} | ${fmt(r.cpu.gateway, 2)} |`,
    );
  }
  const worst = Math.max(...rows.map((r) => r.gateway.p95));
  log(
    `(milliseconds; target p95 ≤ 20 ms through the gateway: ${worst <= 20 ? 'met' : 'MISSED'}, worst p95 ${fmt(worst)} ms)`,
  );
  results.sections.api = { requests: REQUESTS, rows };
}

/**
 * What the gateway adds (target ≤ 1 ms at p50), beside the floor of any Node hop on this machine: one client sends the
 * same page through the gateway, through the floor proxy (scripts/bench/floor-proxy.mjs: Node's HTTP server and a
 * keep-alive agent, nothing else) and straight to the cases service, in turns whose order rotates every round; a page
 * of 50 rows (58 KB of JSON, 6 KB in Brotli) and one of 5. Prints each path's p50/p95, the hop (its p50 over
 * direct's) and the CPU per request of the gateway and of the floor proxy.
 */
async function measureHop() {
  const admin = await signIn(loginOf.admin(1));
  const requests = Number(process.env.BENCH_HOP_REQUESTS ?? 500);
  const floor = await startFloorProxy({
    port: await freePort(),
    prefix: serviceApiPrefix('cases'),
    upstreamPort: SERVICE_PORTS.cases,
  });
  log(`\n## The gateway's hop, one client, ${requests} requests per path and page (floor proxy at ${floor.url})`);
  const paths = { gateway: GATEWAY, floor: floor.url, direct: DIRECT };
  const names = Object.keys(paths);
  const rows = [];
  try {
    for (const pageSize of [50, 5]) {
      const body = { status: 'NEW', pageSize };
      const ms = Object.fromEntries(names.map((n) => [n, []]));
      for (let i = 0; i < WARM_UP * 3; i++)
        for (const n of names) await timedCall(paths[n], admin, CASES_API.getCases, body);
      const before = cpuSnapshot({ 'floor proxy': floor.pid });
      for (let i = 0; i < requests; i++) {
        for (let k = 0; k < names.length; k++) {
          const n = names[(i + k) % names.length];
          ms[n].push((await timedCall(paths[n], admin, CASES_API.getCases, body)).ms);
        }
      }
      const usage = cpuBetween(before, cpuSnapshot({ 'floor proxy': floor.pid }), requests);
      const cpuOf = (name) => usage.rows.find((r) => r.name === name)?.msPerRequest ?? NaN;
      const p = Object.fromEntries(names.map((n) => [n, percentiles(ms[n])]));
      rows.push({
        pageSize,
        ...p,
        hop: { gateway: p.gateway.p50 - p.direct.p50, floor: p.floor.p50 - p.direct.p50 },
        cpu: { gateway: cpuOf('gateway'), floor: cpuOf('floor proxy'), cases: cpuOf('cases') / 3 },
      });
    }
  } finally {
    floor.stop();
  }
  log(
    '| page | gateway p50 / p95 | floor proxy p50 / p95 | direct p50 / p95 | gateway adds (p50) | floor adds (p50) | CPU ms/request: gateway | floor proxy | cases |',
  );
  log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    log(
      `| ${r.pageSize} rows | ${fmt(r.gateway.p50, 2)} / ${fmt(r.gateway.p95, 2)} | ${fmt(r.floor.p50, 2)} / ${fmt(r.floor.p95, 2)} | ${fmt(r.direct.p50, 2)} / ${fmt(r.direct.p95, 2)} | **${fmt(r.hop.gateway, 2)}** | ${fmt(r.hop.floor, 2)} | ${fmt(r.cpu.gateway, 2)} | ${fmt(r.cpu.floor, 2)} | ${fmt(r.cpu.cases, 2)} |`,
    );
  const worst = Math.max(...rows.map((r) => r.hop.gateway));
  log(
    `(milliseconds; target: the gateway adds ≤ 1 ms at p50: ${worst <= 1 ? 'met' : 'MISSED'}, worst ${fmt(worst, 2)} ms)`,
  );
  results.sections.hop = { requests, rows };
}

/** k6 built as deploy/k6/run.sh builds it; the scenario gets the bench company's logins and centres in a file. */
async function runK6(company) {
  const vus = Number(process.env.BENCH_K6_VUS ?? 200);
  const duration = process.env.BENCH_K6_DURATION ?? '60s';
  log(`\n## k6: ${vus} virtual users browsing and acting for ${duration} (deploy/k6/worklist.js)`);
  const dataFile = path.join(BENCH_DATA_DIR, 'worklist-k6.json');
  await mkdir(path.join(ROOT, '.local/k6'), { recursive: true });
  await mkdir(BENCH_DATA_DIR, { recursive: true }); // a fresh checkout has neither
  await writeFile(
    dataFile,
    JSON.stringify({
      company: BENCH_COMPANY,
      password: TEST_PASSWORD,
      admins: Array.from({ length: 5 }, (_, i) => loginOf.admin(i + 1)),
      radiologists: company.radiologistLogins,
      centres: company.centreIds.map((id, c) => ({ id, radiologists: company.radiologistsOf[c] })),
    }),
  );
  const k6 = await new Promise((resolve, reject) => {
    let out = '';
    const child = spawn('bash', [path.join(ROOT, 'deploy/k6/build-k6.sh')], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim().split('\n').pop()) : reject(new Error('k6 build'))));
  });
  const extra = CASES_REPLICAS > 1 ? await startReplicas(CASES_REPLICAS) : null;
  try {
    const target = extra ? extra.gateway.url : GATEWAY;
    if (extra) log(`(${CASES_REPLICAS} cases processes behind a gateway of the bench's own at ${target})`);
    let before = null;
    let child;
    let k6Cpu;
    const exit = await new Promise((resolve, reject) => {
      child = spawn(k6, ['run', '--quiet', path.join(ROOT, 'deploy/k6/worklist.js')], {
        cwd: ROOT,
        env: { ...process.env, RAYWORKS_URL: target, WORKLIST_DATA: dataFile, VUS: String(vus), DURATION: duration },
        stdio: ['ignore', 'inherit', 'pipe'],
      });
      k6Cpu = followCpu(child.pid);
      child.stderr.on('data', (d) => {
        process.stderr.write(d);
        if (!before && String(d).includes(K6_SETUP_DONE)) before = cpuSnapshot(extraPids(extra, child));
      });
      child.on('exit', (code) => (code === 0 ? resolve(code) : reject(new Error(`k6 exited ${code}`))));
    });
    const after = cpuSnapshot(extraPids(extra, child));
    // k6 has exited: its last reading while it ran
    after.processes.k6 = { pid: child.pid, ms: k6Cpu.stop() };
    const summary = JSON.parse(await readFile(path.join(ROOT, '.local/k6/worklist-summary.json'), 'utf8'));
    const worklist = summary.metrics['http_req_duration{kind:worklist}'].values;
    const failed = summary.metrics['http_req_failed{kind:worklist}']?.values ?? { rate: 0 };
    const errors = Math.round(failed.rate * worklist.count);
    log(`\n${worklist.count} worklist requests, ${errors} errors (${CASES_REPLICAS} cases replica(s))`);
    const usage = before ? cpuBetween(before, after, worklist.count) : null;
    if (usage) for (const line of cpuTable(usage)) log(line);
    else log('(no CPU figures: k6 never logged that its setup was done)');
    results.sections.k6 = {
      vus,
      duration,
      exit,
      casesReplicas: CASES_REPLICAS,
      requests: worklist.count,
      errors,
      p95: worklist['p(95)'],
      cpu: usage,
      summary: '.local/k6/worklist-summary.json',
    };
  } finally {
    if (extra) await extra.stop();
  }
}

/** The bench's own processes for the CPU table: k6, and the extra replicas and their gateway. */
function extraPids(extra, k6) {
  return {
    k6: k6?.pid,
    ...(extra ? { 'gateway (bench, all replicas)': extra.gateway.child.pid } : {}),
    ...Object.fromEntries((extra?.replicas ?? []).map((r) => [r.name, r.child.pid])),
  };
}

/**
 * Replicas 2..n of cases as `CASES_REPLICAS=n npm start` runs them (scripts/lib/processes.mjs: their names, ports
 * and environment), and a gateway of the bench's own on a free port whose SERVICE_URL_CASES lists every replica, the
 * stack's first included (decision 0333). Logs in .local/logs/bench-<name>.log. `stop` ends both.
 */
async function startReplicas(n) {
  const table = processTable({ ...process.env, CASES_REPLICAS: String(n) });
  const started = [];
  const spawnProc = (proc, env) => {
    const out = openSync(path.join(ROOT, `.local/logs/bench-${proc.name}.log`), 'a');
    const child = spawn(process.execPath, [path.join(ROOT, proc.entry)], {
      cwd: ROOT,
      env: { ...processEnv(proc), ...env },
      stdio: ['ignore', out, out],
    });
    started.push(child);
    return child;
  };
  const waitReady = async (url, what) => {
    for (let i = 0; i < 240; i++) {
      const status = await fetch(`${url}/health/ready`)
        .then((r) => r.status)
        .catch(() => 0);
      if (status === 200) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`${what} not ready at ${url}`);
  };
  const stop = async () => {
    await Promise.all(
      started.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    const replicas = table
      .filter((p) => /^cases-\d+$/.test(p.name))
      .map((proc) => ({ name: proc.name, url: `http://127.0.0.1:${proc.port}`, child: spawnProc(proc, {}) }));
    for (const r of replicas) await waitReady(r.url, r.name);
    const gatewayProc = table.find((p) => p.name === 'gateway');
    const port = await freePort();
    const gateway = {
      url: `http://127.0.0.1:${port}`,
      child: spawnProc({ ...gatewayProc, name: 'gateway-replicas' }, { PORT: String(port), METRICS_PORT: '0' }),
    };
    await waitReady(gateway.url, 'the bench gateway');
    step(`started ${replicas.map((r) => r.name).join(', ')} and a gateway over ${gatewayProc.env.SERVICE_URL_CASES}`);
    return { replicas, gateway, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

log(`# bench:worklist — ${results.date}`);
log(
  `machine: ${results.machine.cpus} × ${results.machine.cpu}, ${results.machine.memoryGiB} GiB, ${results.machine.os}, node ${results.machine.node}; load average ${results.machine.loadAverage.join(' ')}`,
);
const started = performance.now();
const release = await acquireStack({ services: ['cases', 'auth'] });
try {
  const { company, loadedSeconds } = await seedWorklist();
  if (loadedSeconds !== null) log(`(loaded the 1,000,000 cases in ${fmt(loadedSeconds, 0)} s)`);
  const rebuilt = await ensureCounts(company.tenantId);
  if (rebuilt) step('the maintained counts did not match the rows: rebuilt');
  if (SECTIONS.includes('api')) await measureApi(company);
  if (SECTIONS.includes('hop')) await measureHop();
  if (SECTIONS.includes('sql')) results.sections.sql = await databaseAlone(company, { requests: REQUESTS, log, step });
  if (SECTIONS.includes('k6')) await runK6(company);
} finally {
  await release();
}
results.loadAverageAtEnd = os.loadavg().map((l) => Number(l.toFixed(2)));
log(
  `\n(total ${fmt((performance.now() - started) / 1000, 0)} s; load average at start ${results.machine.loadAverage.join(' ')}, at end ${results.loadAverageAtEnd.join(' ')})`,
);
await mkdir(BENCH_DATA_DIR, { recursive: true });
const resultsFile =
  (process.env.BENCH_SECTIONS === undefined ? 'worklist-results' : `worklist-results-${SECTIONS.join('+')}`) +
  (CASES_REPLICAS > 1 ? `-${CASES_REPLICAS}-replicas.json` : '.json');
await writeFile(path.join(BENCH_DATA_DIR, resultsFile), JSON.stringify(results, null, 2));
log(`results: .local/bench/${resultsFile}`);
process.exit(0);
