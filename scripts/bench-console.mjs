#!/usr/bin/env node
// npm run bench:console — how the console is delivered, measured in Debian's Chromium:
//   1. the first page (/login) in a cold browser: requests, bytes transferred (compressed, as on the wire) and
//      decoded, JavaScript among them, and the Cache-Control of the hashed assets;
//   2. Lighthouse (desktop preset) of the same page, and of list pages when a login is given.
// Usage: node scripts/bench-console.mjs [--url http://127.0.0.1:8080] [--login NAME --password PW]
//                                       [--pages /users,/groups] [--json]
// The console must be served by a gateway (npm start). Figures are printed, never asserted (docs/benchmarks.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_URL ?? 'http://127.0.0.1:8080' },
    login: { type: 'string', default: process.env.BENCH_LOGIN },
    password: { type: 'string', default: process.env.BENCH_PASSWORD },
    pages: { type: 'string', default: '/users,/groups' },
    json: { type: 'boolean', default: false },
  },
});
const base = args.url.replace(/\/+$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'];
const kib = (bytes) => Math.round(bytes / 102.4) / 10;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The first page in a fresh browser context (empty cache): what a new visitor downloads. */
async function firstPage(path) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
    const page = await context.newPage();
    const responses = [];
    page.on('requestfinished', (request) => responses.push(request));
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    const rows = [];
    for (const request of responses) {
      const response = await request.response();
      if (!response) continue;
      const sizes = await request.sizes();
      const headers = await response.allHeaders();
      const body = await response.body().catch(() => Buffer.alloc(0));
      rows.push({
        url: request.url().replace(base, ''),
        type: request.resourceType(),
        wire: sizes.responseBodySize + sizes.responseHeadersSize,
        decoded: body.length,
        encoding: headers['content-encoding'] ?? 'none',
        cache: headers['cache-control'] ?? '',
      });
    }
    await context.close();
    const js = rows.filter((r) => r.type === 'script');
    const asset = rows.find((r) => r.url.startsWith('/assets/'));
    return {
      path,
      requests: rows.length,
      transferredKiB: kib(rows.reduce((n, r) => n + r.wire, 0)),
      decodedKiB: kib(rows.reduce((n, r) => n + r.decoded, 0)),
      jsFiles: js.length,
      jsTransferredKiB: kib(js.reduce((n, r) => n + r.wire, 0)),
      jsDecodedKiB: kib(js.reduce((n, r) => n + r.decoded, 0)),
      encodings: [...new Set(rows.map((r) => r.encoding))].join(','),
      assetCache: asset?.cache ?? '',
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse (desktop preset) of some pages, in a Chromium whose profile holds the login when one is given. */
async function audit(paths, login) {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bench-console-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    if (login) {
      const page = await context.newPage();
      await page.goto(`${base}/login`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('field-loginName').fill(login.name);
      await page.getByTestId('field-password').fill(login.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => u.pathname !== '/login', { timeout: 30_000 });
    }
    const results = [];
    for (const path of paths) {
      const flags = { port, output: 'json', logLevel: 'error', disableStorageReset: Boolean(login) };
      const { lhr } = await lighthouse(`${base}${path}`, flags, desktopConfig);
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const savings = (id) => kib(lhr.audits[id]?.details?.overallSavingsBytes ?? 0);
      results.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        unusedJsKiB: savings('unused-javascript'),
        failedA11y: Object.values(lhr.audits)
          .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id) && a.score === 0)
          .map((a) => a.id)
          .join(' '),
      });
    }
    return results;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const started = new Date();
const first = await firstPage('/login');
const audits = await audit(['/login'], undefined);
if (args.login && args.password) {
  audits.push(...(await audit(args.pages.split(',').filter(Boolean), { name: args.login, password: args.password })));
}
if (args.json) {
  process.stdout.write(`${JSON.stringify({ at: started.toISOString(), url: base, first, audits }, null, 2)}\n`);
} else {
  console.log(`console delivery at ${base}, ${started.toISOString()}`);
  console.log(
    `first page ${first.path} (cold): ${first.requests} requests, ${first.transferredKiB} KiB transferred ` +
      `(${first.decodedKiB} KiB decoded); JavaScript ${first.jsFiles} files, ${first.jsTransferredKiB} KiB transferred ` +
      `(${first.jsDecodedKiB} KiB decoded); encodings ${first.encodings}; /assets Cache-Control "${first.assetCache}"`,
  );
  console.log('Lighthouse (desktop):');
  console.table(audits);
}
