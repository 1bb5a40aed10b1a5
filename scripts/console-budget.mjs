#!/usr/bin/env node
// npm test's console-budget check (docs/decisions/0352): what each main route of the console loads before it renders
// — the entry's chunks, the signed-in shell's and the page's, with their static imports — compressed as the gateway
// serves it (brotli), against a budget per route; and the code a route must not load at all (the worklist does not
// load the viewer's images, the report editor or the charts). Reads the build (web/dist, web/dist-meta/chunks.json):
// run after `bash scripts/build.sh`. Prints a table; exits 1 when a route is over its budget or loads what it must not.
import { readFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { modulesMatching, routeChunks } from './lib/console-chunks.mjs';

const SHELL = 'src/app/shell/AppLayout.tsx';
const VIEWER = /node_modules\/@cornerstonejs\//;
const EDITOR = /node_modules\/(@tiptap|prosemirror-)/;
const CHARTS = /node_modules\/(recharts|@mantine\/charts|d3-)/;

/** Each route: the page modules it needs before it renders, its budget (KiB, brotli), and what it must not load. */
export const ROUTE_BUDGETS = [
  {
    route: '/login',
    pages: ['src/features/auth/pages/LoginPage.tsx'],
    budgetKiB: 230,
    forbidden: [VIEWER, EDITOR, CHARTS],
  },
  {
    route: '/cases (the worklist)',
    pages: [SHELL, 'src/features/cases/pages/index.ts'],
    budgetKiB: 400,
    forbidden: [VIEWER, EDITOR, CHARTS],
  },
  {
    route: '/cases/report (the report page)',
    pages: [SHELL, 'src/features/reporting/pages/index.ts'],
    budgetKiB: 475,
    forbidden: [VIEWER, CHARTS],
  },
];

const root = new URL('../web/', import.meta.url);
const { chunks } = JSON.parse(readFileSync(new URL('dist-meta/chunks.json', root), 'utf8'));
const brotliBytes = new Map();
const sizeOf = (file) => {
  if (!brotliBytes.has(file))
    brotliBytes.set(file, brotliCompressSync(readFileSync(new URL(`dist/${file}`, root))).length);
  return brotliBytes.get(file);
};

let failed = 0;
const rows = ROUTE_BUDGETS.map(({ route, pages, budgetKiB, forbidden }) => {
  const files = routeChunks(chunks, pages);
  const kib = files.reduce((n, f) => n + sizeOf(f), 0) / 1024;
  const loaded = forbidden.flatMap((pattern) => modulesMatching(chunks, files, pattern));
  const over = kib > budgetKiB;
  if (over || loaded.length > 0) failed++;
  if (loaded.length > 0) console.error(`${route} loads code it must not: ${loaded.slice(0, 5).join(', ')}`);
  return {
    route,
    files: files.length,
    'KiB (brotli)': Math.round(kib * 10) / 10,
    'budget KiB': budgetKiB,
    verdict: over ? 'OVER BUDGET' : loaded.length > 0 ? 'LOADS FORBIDDEN CODE' : 'ok',
  };
});
console.table(rows);
process.exit(failed === 0 ? 0 : 1);
