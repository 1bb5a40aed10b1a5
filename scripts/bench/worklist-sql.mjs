// The "PostgreSQL alone" half of `npm run bench:worklist`: the issue's reference queries timed as plain SQL on the
// same 1,000,000 cases, one client (node-postgres, unnamed parameterized statements, timed from send to last row):
//   plain copy  the company's rows copied into a scratch schema (bench_worklist, no row-level security) with the
//               indexes the issue names — a status tab newest first, every status newest first, a trigram index on
//               the patient name — as the issue measured them; dropped after the run (BENCH_KEEP_PLAIN=1 keeps it).
//   under RLS   cases.cases itself with the cases service's own indexes, as the owner inside the tenant: row-level
//               security applies (it is forced on the owner too), as for the service's own role.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { infraEnv, percentiles } from '@rayworks/testing';

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const SCRATCH = 'bench_worklist';
const CONTAINS = ['shar', 'nguy', 'kowal', 'yamam', 'priya', 'ateo', 'ohan'];
const TABS = ['NEW', 'IN PROGRESS', 'COMPLETED'];
/** The tab deep enough for a page 200 (the open tabs hold a few thousand cases). */
const DEEP = ['COMPLETED'];
const PREFIX_COLUMNS = ['patient_name_upper', 'patient_given_upper', 'patient_id_upper', 'accession_upper'];
/** The bench's prefixes as [upper-cased prefix, its range's upper bound]. */
const prefixRanges = () =>
  CONTAINS.slice(0, 5).map((t) => {
    const lo = t.toUpperCase();
    return [lo, `${lo.slice(0, -1)}${String.fromCharCode(lo.charCodeAt(lo.length - 1) + 1)}`];
  });

async function connect(tenantId) {
  const client = new pg.Client({
    connectionString: infraEnv().ownerDatabaseUrl,
    application_name: 'bench-worklist-sql',
  });
  await client.connect();
  await client.query(`SELECT set_config('app.tenant_id', $1, false)`, [tenantId]);
  return client;
}

async function timeQuery(client, text, values, requests) {
  const ms = [];
  let rows = 0;
  for (let i = -Math.min(5, requests); i < requests; i++) {
    const started = performance.now();
    // unnamed statements, as the services send them: planned for their values every time
    const res = await client.query(text, values[(i + values.length * 5) % values.length]);
    const one = performance.now() - started;
    if (i >= 0) {
      ms.push(one);
      rows += res.rowCount;
    }
  }
  return { ...percentiles(ms), meanRows: rows / requests };
}

/** The plain copy: made once per run (or kept), with the issue's indexes and pg_trgm. */
async function plainCopy(client, tenantId, step) {
  const { rows } = await client.query(`SELECT to_regclass('${SCRATCH}.cases') IS NOT NULL AS present`);
  if (rows[0].present) {
    const held = (await client.query(`SELECT count(*)::int AS n FROM ${SCRATCH}.cases`)).rows[0].n;
    if (held > 0) {
      step(`reusing the plain copy (${held} cases, ${SCRATCH}.cases)`);
      return;
    }
  }
  step(`copying the company's cases into ${SCRATCH}.cases (no row-level security) with the issue's indexes`);
  const started = performance.now();
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${SCRATCH}`);
  // a trusted extension: the database's owner role may create it; kept inside the scratch schema, dropped with it
  const trgm = await client.query(
    `SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`,
  );
  if (trgm.rows.length === 0) await client.query(`CREATE EXTENSION pg_trgm WITH SCHEMA ${SCRATCH}`);
  const trgmSchema = trgm.rows[0]?.schema ?? SCRATCH;
  await client.query(`DROP TABLE IF EXISTS ${SCRATCH}.cases`);
  await client.query(
    `CREATE TABLE ${SCRATCH}.cases AS SELECT id, tenant_id, status, centre_id, radiologist_id, patient_name, patient_id,
            accession_number, modality, priority, received_at, due_at, study_date, created_at
       FROM cases.cases WHERE tenant_id = $1`.replace('$1', `'${tenantId}'`),
  );
  await client.query(`ALTER TABLE ${SCRATCH}.cases ADD PRIMARY KEY (id)`);
  await client.query(`CREATE INDEX ON ${SCRATCH}.cases (tenant_id, status, received_at DESC, id DESC)`);
  await client.query(`CREATE INDEX ON ${SCRATCH}.cases (tenant_id, received_at DESC, id DESC)`);
  await client.query(`CREATE INDEX ON ${SCRATCH}.cases USING gin (patient_name ${trgmSchema}.gin_trgm_ops)`);
  await client.query(`VACUUM (ANALYZE) ${SCRATCH}.cases`);
  step(`copied and indexed in ${fmt((performance.now() - started) / 1000, 0)} s`);
}

async function dropPlainCopy(client, step) {
  if (process.env.BENCH_KEEP_PLAIN === '1') return;
  step(`dropping ${SCRATCH} (BENCH_KEEP_PLAIN=1 keeps it)`);
  await client.query(`DROP SCHEMA IF EXISTS ${SCRATCH} CASCADE`);
}

/** The reference queries of one table; `tenant` is the explicit company filter ('' under RLS, which adds it). */
function referenceQueries(table, tenantId, boundaries) {
  // the company written out in both: under RLS too, as the service's reach does (docs/benchmarks.md: with the
  // permissive marketplace and fusion policies ORed into RLS, only a written-out tenant leads the indexes)
  const company = `tenant_id = '${tenantId}'`;
  const few = 20; // the scans: 20 runs are plenty and keep the shared machine free
  return [
    {
      label: 'status tab, newest first, page 1 (50)',
      text: `SELECT * FROM ${table} WHERE ${company} AND status = $1 ORDER BY received_at DESC, id DESC LIMIT 50`,
      values: TABS.map((s) => [s]),
    },
    {
      label: 'status tab, page 200 by OFFSET',
      text: `SELECT * FROM ${table} WHERE ${company} AND status = $1 ORDER BY received_at DESC, id DESC
              LIMIT 50 OFFSET 9950`,
      values: DEEP.map((s) => [s]),
    },
    {
      label: 'status tab, page 200 by keyset',
      text: `SELECT * FROM ${table} WHERE ${company} AND status = $1 AND (received_at, id) < ($2, $3)
              ORDER BY received_at DESC, id DESC LIMIT 50`,
      values: boundaries.map((b) => [b.status, b.received_at, b.id]),
    },
    {
      label: "patient name 'contains', newest first",
      text: `SELECT * FROM ${table} WHERE ${company} AND patient_name ILIKE $1 ORDER BY received_at DESC, id DESC LIMIT 50`,
      values: CONTAINS.map((t) => [`%${t}%`]),
    },
    {
      label: 'count per status by scanning',
      text: `SELECT status, count(*) FROM ${table} WHERE ${company} GROUP BY status`,
      values: [[]],
      requests: few,
    },
    {
      label: "one tab's total by counting",
      text: `SELECT count(*) FROM ${table} WHERE ${company} AND status = $1`,
      values: TABS.map((s) => [s]),
      requests: few,
    },
  ];
}

export async function databaseAlone(company, { requests, log, step }) {
  const { tenantId } = company;
  log(`\n## PostgreSQL alone, same data (plain SQL, one client, ${requests} runs per query; scans 20)`);
  const client = await connect(tenantId);
  const rows = [];
  try {
    // the cursors of page 200: the 9,950th row of each tab, newest first
    const boundaries = [];
    for (const status of DEEP) {
      const { rows: b } = await client.query(
        `SELECT status, received_at, id FROM cases.cases WHERE status = $1 ORDER BY received_at DESC, id DESC
          LIMIT 1 OFFSET 9949`,
        [status],
      );
      boundaries.push(b[0]);
    }
    await plainCopy(client, tenantId, step);
    const under = [
      ...referenceQueries(`${SCRATCH}.cases`, tenantId, boundaries).map((q) => ({
        ...q,
        where: 'plain',
      })),
      ...referenceQueries('cases.cases', tenantId, boundaries).map((q) => ({ ...q, where: 'rls' })),
      {
        label: 'status tab, page 1, the company left to RLS alone (5 runs)',
        text: `SELECT * FROM cases.cases WHERE status = $1 ORDER BY received_at DESC, id DESC LIMIT 50`,
        values: [['NEW']],
        requests: 5,
        where: 'rls',
      },
      {
        label: 'count per status from the maintained counts',
        text: `SELECT status, sum(n)::bigint FROM cases.case_counts GROUP BY status`,
        values: [[]],
        where: 'rls',
      },
      {
        // the service's free text before 0193 (one OR of four leakproof prefix ranges): every match read, then sorted
        label: 'patient name / ID prefix, one OR of four ranges (before 0193), newest first',
        text: `SELECT * FROM cases.cases c WHERE ${PREFIX_COLUMNS.map((col) => `(c.${col} ~>=~ $1 AND c.${col} ~<~ $2)`).join(' OR ')}
                ORDER BY received_at DESC, id DESC LIMIT 50`,
        values: prefixRanges(),
        where: 'rls',
      },
      {
        // the service's free text (services/cases case-query.ts searchedIdsSql, docs/decisions/0193): the union of
        // each column's first rows in the list's order — the name columns may walk cases_received_search, the
        // identifiers are fenced
        label: "patient name / ID prefix (the service's search, 0193), newest first",
        text: `SELECT * FROM cases.cases c WHERE c.tenant_id = $3::uuid AND c.id IN (${PREFIX_COLUMNS.map((col, i) =>
          i < 2
            ? `(SELECT c.id FROM cases.cases c WHERE c.tenant_id = $3::uuid AND c.${col} ~>=~ $1 AND c.${col} ~<~ $2
                ORDER BY c.received_at DESC, c.id DESC LIMIT 50)`
            : `(SELECT f.id FROM (SELECT c.id, c.received_at AS k FROM cases.cases c
                WHERE c.tenant_id = $3::uuid AND c.${col} ~>=~ $1 AND c.${col} ~<~ $2 OFFSET 0) f
                ORDER BY f.k DESC, f.id DESC LIMIT 50)`,
        ).join(' UNION ALL ')}) ORDER BY c.received_at DESC, c.id DESC LIMIT 50`,
        values: prefixRanges().map((v) => [...v, tenantId]),
        where: 'rls',
      },
    ];
    const hasCounts = (await client.query(`SELECT to_regclass('cases.case_counts') IS NOT NULL AS p`)).rows[0].p;
    const hasUpper = (
      await client.query(
        `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = 'cases' AND table_name = 'cases' AND column_name = 'patient_name_upper'`,
      )
    ).rows[0].n;
    for (const q of under) {
      if (q.text.includes('case_counts') && !hasCounts) continue;
      if (q.text.includes('patient_name_upper') && !hasUpper) continue;
      const figures = await timeQuery(client, q.text, q.values, q.requests ?? requests);
      step(`${q.where} ${q.label}: p95 ${fmt(figures.p95)} ms`);
      rows.push({ label: q.label, where: q.where, ...figures });
    }
    await dropPlainCopy(client, step);
  } finally {
    await client.end();
  }
  const byLabel = new Map();
  for (const r of rows) byLabel.set(r.label, { ...byLabel.get(r.label), [r.where]: r });
  log('| query | plain copy p50 | p95 | p99 | under RLS p50 | p95 | p99 | rows |');
  log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [label, { plain, rls }] of byLabel) {
    log(
      `| ${label} | ${fmt(plain?.p50)} | ${fmt(plain?.p95)} | ${fmt(plain?.p99)} | ${fmt(rls?.p50)} | ${fmt(rls?.p95)} | ${fmt(rls?.p99)} | ${fmt((plain ?? rls).meanRows, 0)} |`,
    );
  }
  log('(milliseconds; the issue, on this machine kind: first page ≈ 1.4, page 200 by OFFSET ≈ 6.6, keyset ≈ 1.4,');
  log(" trigram 'contains' ≈ 5, count per status by scanning ≈ 220, one tab's total ≈ 34)");
  return { requests, rows };
}
