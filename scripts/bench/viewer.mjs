// npm run bench:viewer — the cloud viewer in headless Chromium on this machine (issue 11's benchmark). Prints figures;
// not a timed test.
//   data   a bench company of its own (`benchviewer1`, never the demo company: one centre, a receptionist who stores,
//          an administrator who assigns, a radiologist who reads), holding the imaging benchmark's CT of 1,000
//          instances of 512 x 512 x 16 bit (libs/testing buildCtBenchStudy, .local/bench/ct-1000, ≈ 525 MB) and an MR
//          of 5 instances, each stored once by STOW-RS and its case assigned to the radiologist; later runs find them.
//   runs   BENCH_RUNS (3) times, for each study, a fresh Debian Chromium (WebGL through SwiftShader, as the e2e tests)
//          opens /dicomviewer?case=<id> signed in as the radiologist and reads:
//          - open → first image: the viewer's marks `viewer:open` → `viewer:first-image` (and from the navigation);
//          - open → series scrollable: `viewer:open` → `viewer:series-scrollable` (every image of the series loaded;
//            of a series larger than the cache, the window of images around the first one: decision 0331);
//          - memory at the end: the page's JS heap (CDP Performance.getMetrics JSHeapUsedSize), Cornerstone's cache
//            (window.__rayworksViewer.cacheBytes() against cacheLimitBytes), and the memory of the whole Chromium
//            process tree from /proc (PSS: shared pages counted once; the RSS sum beside it for comparison);
//          - cine: frames per second over BENCH_CINE_SECONDS (4) with the cine's rate set to 60, counted by sampling
//            viewport 0's data-image-index at every animation frame (a frame counts when the image shown changed),
//            and the page's own animation-frame rate meanwhile (what the renderer manages at all).
//          The table gives each run and the median of the runs. BENCH_STUDIES=ct,mr (default) or with ct-5000: the
//          5,000-instance CT of bench:import (2.5 GB, 5 times the cache), which shows the cache's cap.
// The stack: the running one, or this checkout's started and stopped after (BENCH_STACK_LOCK=<file>: hold that flock
// meanwhile), as bench:import does (scripts/bench/rayworks.mjs acquireStack). The console must be built (npm run
// build): the gateway serves it. Results also go to .local/bench/viewer-results.json.
/* global document, window, requestAnimationFrame -- functions run in the page by page.evaluate */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, CASES_API, GATEWAY_PORT, ROLE_CODES, SERVICE_PORTS } from '@rayworks/contracts';
import {
  BENCH_DATA_DIR,
  buildCtBenchStudy,
  buildStudyFolder,
  eventually,
  provisionTenant,
  stowBody,
  TEST_PASSWORD,
} from '@rayworks/testing';
import { chromium } from 'playwright-core';
import { acquireStack } from './rayworks.mjs';
import { machine } from './machine.mjs';
import { cpuBetween, cpuSnapshot, cpuTable } from './process-cpu.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Which studies: `ct` (1,000 instances), `mr` (5), `ct-5000` (bench:import's large CT, 2.5 GB: bigger than the cache). */
const STUDIES = (process.env.BENCH_STUDIES ?? 'ct,mr').split(',').map((s) => s.trim());
const CINE_SECONDS = Number(process.env.BENCH_CINE_SECONDS ?? 4);
const CINE_FPS = 60;
const COMPANY = 'benchviewer1';
const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`;
const BASE = process.env.BENCH_BASE_URL ?? `http://localhost:${GATEWAY_PORT}`;
const IMAGING = `http://127.0.0.1:${SERVICE_PORTS.imaging}`;
const api = new ApiClient({ baseUrl: GATEWAY });
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const log = (line) => console.log(line);
const step = (line) => process.stderr.write(`  … ${line}\n`);
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// the bench company and its two studies

const login = (who) => `${COMPANY}.${who}`;

async function benchCompany() {
  const code = COMPANY.toUpperCase().slice(-12);
  const user = (who, role) => ({
    loginName: login(who),
    firstName: 'Bench',
    lastName: who,
    email: `${login(who)}@test.rayworks.local`,
    role,
    group: 'g',
    centres: ['c1'],
    password: TEST_PASSWORD,
    resetPassword: false,
  });
  const provisioned = await provisionTenant({
    company: { name: `Bench ${COMPANY}`, code: `bench-${COMPANY}` },
    groups: [{ key: 'g', name: `Group ${COMPANY}`, code: `G${code}` }],
    centres: [{ key: 'c1', name: `Centre ${COMPANY}`, code: `C1${code}`, group: 'g' }],
    users: [
      user('reception', ROLE_CODES.RECEPTIONIST),
      user('admin', ROLE_CODES.CENTER_ADMIN),
      user('radiologist', ROLE_CODES.CENTER_RADIOLOGIST),
    ],
  });
  return provisioned.tenantId;
}

const sessionOf = (who) => api.call(AUTH_API.login, {}, { headers: loginHeaders(login(who), TEST_PASSWORD) });

async function held(token, studyUid) {
  const res = await fetch(`${IMAGING}/dicomweb/studies?StudyInstanceUID=${studyUid}&limit=1`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/dicom+json' },
  });
  if (res.status === 204) return false;
  if (!res.ok) throw new Error(`QIDO answered ${res.status}`);
  const text = await res.text();
  const [row] = text.trim() === '' ? [] : JSON.parse(text);
  // the number of its instances stored (a STOW cut short, e.g. by a restart, stores the whole study again)
  return Number(row?.['00201208']?.Value?.[0] ?? 0);
}

/** STOW-RS of a study's files, 50 instances a request, 3 requests at a time, direct to the imaging service. */
async function stow(who, files) {
  const batches = [];
  for (let i = 0; i < files.length; i += 50) batches.push(files.slice(i, i + 50));
  let next = 0;
  let done = 0;
  let session = await sessionOf(who);
  let signedAt = Date.now();
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        if (Date.now() - signedAt > 5 * 60_000) {
          session = await sessionOf(who);
          signedAt = Date.now();
        }
        const { body, contentType } = await stowBody(batch);
        const res = await fetch(`${IMAGING}/dicomweb/studies`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${session.token}`,
            'Content-Type': contentType,
            Accept: 'application/dicom+json',
          },
          body,
        });
        if (res.status !== 200) throw new Error(`STOW-RS answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
        done += batch.length;
        if (done % 250 < 50) step(`stored ${done} of ${files.length}`);
      }
    }),
  );
}

/** The study in the bench company (stored once) and its case, assigned to the radiologist (once). */
async function ensureStudy(label, study) {
  const reception = await sessionOf('reception');
  if ((await held(reception.token, study.studyInstanceUid)) >= study.files.length) step(`${label}: already stored`);
  else {
    step(`${label}: storing ${study.files.length} instances by STOW-RS (once)`);
    const started = performance.now();
    await stow('reception', study.files);
    step(`${label}: stored in ${fmt((performance.now() - started) / 1000, 1)} s`);
  }
  const admin = await sessionOf('admin');
  const cases = await eventually(
    () => api.call(CASES_API.findCases, { search: study.patientId }, { session: admin }),
    (found) => found.some((c) => c.studyInstanceUid === study.studyInstanceUid),
    { timeoutMs: 180_000, intervalMs: 1_000, what: `the case of ${label}` },
  );
  const c = cases.find((x) => x.studyInstanceUid === study.studyInstanceUid);
  const radiologistId = (await sessionOf('radiologist'))._id;
  if (!c.radiologistId && c.status === 'NEW') {
    await eventually(
      () => api.call(CASES_API.caseAssignees, { centreId: c.centreId, as: 'radiologist' }, { session: admin }),
      (a) => a.assignees.some((x) => x.id === radiologistId),
      { timeoutMs: 60_000, intervalMs: 1_000, what: 'the radiologist in the cases service' },
    );
    const { results } = await api.call(
      CASES_API.assignCases,
      { cases: [{ _id: c._id, version: c.version }], radiologistId },
      { session: admin },
    );
    step(`${label}: case assigned to the radiologist (${results[0]?.status})`);
  }
  return c;
}

// ---------------------------------------------------------------------------------------------------------------
// one run in Chromium

/**
 * Memory of every Chromium process below this one (the browser, its renderers, GPU and utility processes): the sum of
 * their proportional set sizes (PSS, /proc/<pid>/smaps_rollup: shared pages divided among the processes sharing them,
 * so the total is what the browser really holds) and, for comparison, the plain sum of their resident sizes (RSS,
 * which counts shared libraries and shared memory once per process).
 */
function chromiumMemoryMb() {
  const parents = new Map();
  const names = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
    } catch {
      // the process ended meanwhile
    }
  }
  const below = (pid) => {
    for (let p = parents.get(pid); p && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  let pssKb = 0;
  let rssKb = 0;
  let processes = 0;
  for (const [pid, name] of names) {
    if (!below(pid) || !/chrom/i.test(name)) continue;
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      processes += 1;
    } catch {
      // the process ended meanwhile
    }
  }
  return { pssMb: pssKb / 1024, rssMb: rssKb / 1024, processes };
}

async function signInPage(page) {
  await page.goto(`${BASE}/login`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('field-loginName').fill(login('radiologist'));
  await page.getByTestId('field-password').fill(TEST_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 30_000 });
}

/** Frames per second of cine: changes of viewport 0's image, sampled at every animation frame. */
async function cineRate(page) {
  const fps = page.getByTestId('cine-fps');
  let requested = NaN;
  if (await fps.count()) {
    await fps.click();
    await fps.press('Control+A');
    await fps.pressSequentially(String(CINE_FPS));
    await fps.press('Tab');
    requested = Number.parseFloat(await fps.inputValue());
  }
  await page.getByTestId('cine').click();
  const measured = await page.evaluate(
    (seconds) =>
      new Promise((resolve) => {
        const el = document.querySelector('[data-testid="viewport-0"]');
        let last = el?.getAttribute('data-image-index');
        let changes = 0;
        let frames = 0;
        const start = performance.now();
        const tick = () => {
          frames += 1;
          const now = el?.getAttribute('data-image-index');
          if (now !== last) {
            changes += 1;
            last = now;
          }
          if (performance.now() - start < seconds * 1000) requestAnimationFrame(tick);
          else {
            const elapsed = (performance.now() - start) / 1000;
            resolve({ fps: changes / elapsed, pageFps: frames / elapsed });
          }
        };
        requestAnimationFrame(tick);
      }),
    CINE_SECONDS,
  );
  await page.getByTestId('cine').click();
  return { ...measured, requested };
}

async function oneRun(label, c, expectedCount) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
      '--enable-precise-memory-info',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    // every frame request's timing (the default buffer keeps 250 entries; one request per frame made 1,000)
    await page.addInitScript(() => performance.setResourceTimingBufferSize(100_000));
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInPage(page);
    const cpuBefore = cpuSnapshot();
    await page.goto(`${BASE}/dicomviewer?case=${c._id}`, { waitUntil: 'commit' });
    await page.locator('[data-testid="viewer"][data-state="ready"]').waitFor({ timeout: 60_000 });
    const mark = (name) =>
      page.waitForFunction((n) => performance.getEntriesByName(n, 'mark')[0]?.startTime ?? false, name, {
        timeout: 900_000,
        polling: 50,
      });
    const first = await (await mark('viewer:first-image')).jsonValue();
    const scrollable = await (await mark('viewer:series-scrollable')).jsonValue();
    // each process's CPU from the navigation to the series scrollable: the server's delivery and the browser's decode
    const cpu = cpuBetween(cpuBefore, cpuSnapshot(), expectedCount || undefined);
    const open = await page.evaluate(() => performance.getEntriesByName('viewer:open', 'mark')[0]?.startTime ?? 0);
    const count = Number(await page.getByTestId('viewport-0').getAttribute('data-image-count'));
    // BENCH_WATERFALL=1: the requests before the first image, from viewer:open (where the first image's time goes)
    if (process.env.BENCH_WATERFALL === '1') {
      const rows = await page.evaluate(
        ([openAt, firstAt]) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.startTime < firstAt && e.responseEnd > openAt - 50)
            .map((e) => ({
              what: new URL(e.name).pathname.replace(/\/(studies|series|instances)\/[\d.]+/g, '/$1/…'),
              start: Math.round(e.startTime - openAt),
              end: Math.round(e.responseEnd - openAt),
            })),
        [await page.evaluate(() => performance.getEntriesByName('viewer:open', 'mark')[0]?.startTime ?? 0), first],
      );
      for (const r of rows) step(`  ${String(r.start).padStart(6)} → ${String(r.end).padStart(6)} ms  ${r.what}`);
    }
    // where the time went: the frame requests (one frame each, or a batch of instances' frames: pixeldata), when
    // the last of their bytes had arrived, and their summed durations
    const frames = await page.evaluate(
      (openAt) => {
        const entries = performance
          .getEntriesByType('resource')
          .filter((e) => /\/frames\/\d+$|\/pixeldata(\?|$)/.test(e.name));
        return {
          requests: entries.length,
          lastByteMs: Math.max(0, ...entries.map((e) => e.responseEnd)) - openAt,
          waitMs: entries.reduce((sum, e) => sum + (e.responseStart - e.requestStart), 0) / (entries.length || 1),
          mb: entries.reduce((sum, e) => sum + e.encodedBodySize, 0) / (1024 * 1024),
        };
      },
      await page.evaluate(() => performance.getEntriesByName('viewer:open', 'mark')[0]?.startTime ?? 0),
    );
    if (expectedCount && count !== expectedCount) throw new Error(`${label}: ${count} images, not ${expectedCount}`);
    const cine = await cineRate(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name) => metrics.find((m) => m.name === name)?.value ?? NaN;
    const cache = await page.evaluate(() => {
      const v = window.__rayworksViewer;
      return v ? { bytes: v.cacheBytes(), limit: v.cacheLimitBytes } : { bytes: NaN, limit: NaN };
    });
    const memory = chromiumMemoryMb();
    return {
      images: count,
      firstImageMs: first - open,
      firstImageFromNavigationMs: first,
      scrollableMs: scrollable - open,
      frameRequests: frames.requests,
      framesLastByteMs: frames.lastByteMs,
      frameWaitMs: frames.waitMs,
      frameMb: frames.mb,
      jsHeapMb: metric('JSHeapUsedSize') / MB,
      jsHeapTotalMb: metric('JSHeapTotalSize') / MB,
      cacheMb: cache.bytes / MB,
      cacheLimitMb: cache.limit / MB,
      browserPssMb: memory.pssMb,
      browserRssSumMb: memory.rssMb,
      browserProcesses: memory.processes,
      cineFps: cine.fps,
      cineRequestedFps: cine.requested,
      pageFps: cine.pageFps,
      pageErrors: errors,
      cpu,
    };
  } finally {
    await browser.close();
  }
}

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function table(rows) {
  const header = [
    'study',
    'run',
    'images',
    'first image ms',
    'scrollable ms',
    'frame requests',
    'last frame byte ms',
    'request → first byte ms (mean)',
    'JS heap MB',
    'cache MB / limit',
    'Chromium PSS MB',
    '(RSS sum)',
    'cine fps (asked)',
    'page fps',
  ];
  const lines = rows.map((r) => [
    r.study,
    r.run,
    String(r.images),
    fmt(r.firstImageMs),
    fmt(r.scrollableMs),
    String(r.frameRequests ?? '–'),
    fmt(r.framesLastByteMs),
    fmt(r.frameWaitMs),
    fmt(r.jsHeapMb),
    `${fmt(r.cacheMb, 1)} / ${fmt(r.cacheLimitMb)}`,
    fmt(r.browserPssMb),
    fmt(r.browserRssSumMb),
    `${fmt(r.cineFps, 1)} (${fmt(r.cineRequestedFps)})`,
    fmt(r.pageFps, 1),
  ]);
  log(`| ${header.join(' | ')} |`);
  log(`|${header.map(() => '---').join('|')}|`);
  for (const l of lines) log(`| ${l.join(' | ')} |`);
}

// ---------------------------------------------------------------------------------------------------------------

const results = { machine: machine(), date: new Date().toISOString(), runs: RUNS, studies: {} };
const release = await acquireStack({ services: ['imaging', 'cases'] });
try {
  log(
    `# Viewer benchmark (${results.date}; ${results.machine.cpus} × ${results.machine.cpu}, ${results.machine.memoryGiB} GiB; ` +
      `load average at the start ${results.machine.loadAverage.join(' / ')})`,
  );
  await benchCompany();
  const ct = await buildCtBenchStudy({ instances: 1_000 });
  step(`CT: ${ct.instances.length} instances (${fmt(ct.bytes / MB)} MB)${ct.reused ? ', reused' : ''}`);
  const large = STUDIES.includes('ct-5000') ? await buildCtBenchStudy({ instances: 5_000 }) : null;
  // the MR is 5 small files built once (its manifest beside them), so later runs find the same study stored
  const mrManifest = path.join(BENCH_DATA_DIR, 'viewer-mr-5.json');
  let mrStudy;
  try {
    mrStudy = JSON.parse(await readFile(mrManifest, 'utf8'));
  } catch {
    mrStudy = await buildStudyFolder(path.join(BENCH_DATA_DIR, 'viewer-mr-5'), {
      patientName: 'BENCH^MR',
      patientId: 'BENCH-MR-5',
      studyDescription: 'Benchmark MR 5 instances',
      accessionNumber: 'BENCH-MR-5',
      series: [{ kind: 'mr-stack', copies: 5 }],
    });
    await writeFile(mrManifest, JSON.stringify(mrStudy));
  }
  const studies = [
    { key: 'ct', label: 'CT 1,000 × 512²', study: ct, count: 1_000 },
    { key: 'mr', label: 'MR 5 × 64²', study: mrStudy, count: 5 },
    { key: 'ct-5000', label: 'CT 5,000 × 512²', study: large, count: 5_000 },
  ].filter((s) => STUDIES.includes(s.key));
  const rows = [];
  for (const { label, study, count } of studies) {
    const c = await ensureStudy(label, study);
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      step(`${label}: run ${run} of ${RUNS}`);
      const r = await oneRun(label, c, count);
      if (r.pageErrors.length) step(`${label}: page errors: ${r.pageErrors.join(' | ').slice(0, 300)}`);
      runs.push(r);
      rows.push({ study: label, run: String(run), ...r });
    }
    const m = Object.fromEntries(
      Object.keys(runs[0])
        .filter((k) => typeof runs[0][k] === 'number')
        .map((k) => [k, median(runs.map((r) => r[k]))]),
    );
    rows.push({ study: label, run: 'median', ...m });
    results.studies[label] = { caseId: c._id, runs, median: m };
  }
  log('');
  table(rows);
  for (const row of rows.filter((r) => r.cpu)) {
    log(`\n${row.study}, run ${row.run}, from the navigation to the series scrollable:`);
    for (const line of cpuTable(row.cpu, { unit: 'image', targetRate: 0 })) log(line);
  }
  log(
    `\nTargets: first image ≤ 1,000 ms (loopback); whole 1,000-image series ≤ 10,000 ms; memory bounded by the cache ` +
      `(cache MB ≤ its limit whatever the study size).`,
  );
  results.loadAverageAtEnd = os.loadavg().map((l) => Number(l.toFixed(2)));
  log(`Load average at the end: ${results.loadAverageAtEnd.join(' / ')} (1 / 5 / 15 min).`);
  await mkdir(BENCH_DATA_DIR, { recursive: true });
  await writeFile(path.join(BENCH_DATA_DIR, 'viewer-results.json'), JSON.stringify(results, null, 2));
} finally {
  await release();
}
