// npm run bench:billing — the front desk and billing at 1,000,000 invoices (issue 22's benchmark). Prints figures; not
// a timed test. Method: docs/decisions/0288-billing-benchmark.md. Sections (all, or some with BENCH_SECTIONS=api,k6,…):
//   seed   (always) the bench company `benchbill1m` (a company of its own, never the demo company: 20 centres, an
//          administrator, a receptionist per centre) with its catalogue and rate card set up through the API and
//          1,000,000 invoices of 400 days written in bulk (scripts/bench/billing-seed.mjs, billing-sql.mjs), loaded
//          once and kept; then the finance dashboard read once for the whole company (it sums the finished days the
//          first time: docs/decisions/0280) — its time is printed, not counted.
//   api    p50/p95/p99 with one client, after a warm-up, through the gateway (the headline) and direct to the billing
//          service, taking turns request by request: the desk's patient search as it types (name, phone and MR
//          prefixes of the centre's own patients), a centre's day end (today and earlier days), the finance dashboard
//          (the console's periods, all centres and one), a registration with its payment (and its price preview).
//   k6     deploy/k6/billing.js: 20 desks (one receptionist per centre) each searching as it types (2–3 prefixes),
//          previewing the price and registering a visit with its payment, with the console's pauses, for
//          BENCH_K6_DURATION (60s): p95 per request kind and the error rate.
//   burst  BENCH_BURST (500) registrations sent at once at one centre: 500 answers, 500 distinct invoice numbers, one
//          after another from the centre's counter, and the centre's numbers of the financial year without a gap.
//   sql    EXPLAIN (ANALYZE, BUFFERS) of the statements behind the search, the day end and the dashboard, as the
//          billing service's role inside the bench company (the plans the figures come from).
// The stack: the running one (npm start), or this checkout's started and stopped after (BENCH_STACK_LOCK as in
// bench:worklist). Results also go to .local/bench/billing-results*.json. BENCH_REQUESTS per API kind (200).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  addDays,
  BILLING_API,
  DEFAULT_CENTRE_TIME_ZONE,
  GATEWAY_PORT,
  localDateTime,
  parseInvoiceNumber,
  PAYMENT_MODES,
  SERVICE_PORTS,
} from '@rayworks/contracts';
import { QueryParams } from '@rayworks/nest-kit';
import { BENCH_DATA_DIR, eventually, infraEnv, percentiles, roleUrl, TEST_PASSWORD } from '@rayworks/testing';
import { patientSearchSql } from '../../services/billing/dist/modules/patients/patients.repository.js';
import { ROOT } from '../lib/processes.mjs';
import { acquireStack } from './rayworks.mjs';
import { LAB, PACKAGES, RADIOLOGY } from './billing-catalogue.mjs';
import { BENCH_COMPANY, CENTRES, inTenant, loginOf, seedBilling, signIn } from './billing-seed.mjs';
import { answers, fmt, GATEWAY, log, step, timedCall } from './lib.mjs';
import { machine } from './machine.mjs';

const SECTIONS = (process.env.BENCH_SECTIONS ?? 'api,k6,burst,sql').split(',').map((s) => s.trim());
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const BURST = Number(process.env.BENCH_BURST ?? 500);
const WARM_UP = 10;
const DIRECT = `http://127.0.0.1:${SERVICE_PORTS.billing}`;
const ZONE = DEFAULT_CENTRE_TIME_ZONE;

const results = { machine: machine(), date: new Date().toISOString(), company: BENCH_COMPANY, sections: {} };

const today = () => localDateTime(new Date(), ZONE).date;

/** Patients of each centre the desks look for: a sample of the centre's own, spread over its history. */
async function samplePatients(company, perCentre) {
  return inTenant(company.tenantId, async (c) => {
    const { rows } = await c.query(
      `SELECT x.centre_id, x.id, x.patient_name, x.phone_number, x.mr_number
       FROM unnest($1::uuid[]) AS u(centre_id)
       CROSS JOIN LATERAL (
         SELECT p.centre_id, p.id, p.patient_name, p.phone_number, p.mr_number
         FROM billing.patients p
         WHERE p.centre_id = u.centre_id AND p.merged_into IS NULL
         ORDER BY md5(p.id::text)
         LIMIT $2
       ) x`,
      [company.centres.map((ce) => ce.id), perCentre],
    );
    const byCentre = new Map(company.centres.map((ce) => [ce.id, []]));
    for (const r of rows)
      byCentre.get(r.centre_id).push({ id: r.id, name: r.patient_name, phone: r.phone_number, mr: r.mr_number });
    return byCentre;
  });
}

/** What a desk types for a patient: 2–3 prefixes of the name as it goes, or of the phone number, or the MR number. */
function typed(patient, i) {
  const lower = patient.name.toLowerCase();
  const [first, last = ''] = lower.split(' ');
  if (i % 10 === 7) return [patient.phone.slice(0, 5), patient.phone.slice(0, 8)];
  if (i % 10 === 9) return [patient.mr.slice(0, 7).toLowerCase(), patient.mr.toLowerCase()];
  return i % 2 === 0
    ? [first.slice(0, 3), `${first} ${last.slice(0, 2)}`]
    : [first.slice(0, 3), first, `${first} ${last}`];
}

const ITEM_CODES = [
  ...RADIOLOGY.map(([code]) => ({ testCode: code })),
  ...LAB.map(([code]) => ({ testCode: code })),
  ...PACKAGES.map(([code]) => ({ packageCode: code })),
];
/** The tests an item orders: a test itself, or a package's tests. */
const testsOf = (item) => (item.testCode ? [item.testCode] : PACKAGES.find(([code]) => code === item.packageCode)[2]);
/**
 * The visits the bench registers: 1 to 3 items of the catalogue, never one test twice, on its own or in a package (the
 * desk refuses that: decision 0321). Spread over the whole catalogue as before; the overlapping ones are left out.
 */
const VISITS = Array.from({ length: ITEM_CODES.length * 3 }, (_, i) => {
  const s = (i * 11) % ITEM_CODES.length;
  return Array.from({ length: 1 + (i % 3) }, (_, j) => ITEM_CODES[(s + 7 * j) % ITEM_CODES.length]);
}).filter((items) => {
  const tests = items.flatMap(testsOf);
  return new Set(tests).size === tests.length;
});
const itemsOf = (i) => VISITS[i % VISITS.length];

/** The i-th request's search text: one of 2–3 prefixes of a patient of the i-th centre (name, phone or MR number). */
function typedAt(patients, company, i) {
  const list = patients.get(company.centres[i % CENTRES].id);
  const words = typed(list[Math.floor(i / CENTRES) % list.length], Math.floor(i / 3));
  return words[i % words.length];
}

async function measureApi(company, patients) {
  log(
    `\n## the desk's and the finance reads at ${company.invoices.toLocaleString('en')} invoices (one client, ${REQUESTS} requests per kind)`,
  );
  const admin = await signIn(loginOf.admin());
  const desks = [];
  for (let c = 1; c <= CENTRES; c++) desks.push(await signIn(loginOf.desk(c)));
  const day = today();
  const kinds = [
    {
      // the registration screen's pick list as the desk types (/patient/lookup: 8 newest, no total; decision 0305)
      label: "desk's patient search (name, phone, MR prefix)",
      who: (i) => desks[i % CENTRES],
      endpoint: BILLING_API.lookupPatients,
      body: (i) => ({ search: typedAt(patients, company, i), limit: 8 }),
    },
    {
      // the Patients screen's first page with its exact total (/patient/find): not a target, the figure beside it
      label: 'patients list, first page with its total',
      who: (i) => desks[i % CENTRES],
      endpoint: BILLING_API.findPatients,
      body: (i) => ({
        page: 1,
        pageSize: 8,
        sortDir: 'desc',
        sortBy: 'createdAt',
        search: typedAt(patients, company, i),
      }),
    },
    {
      label: "a centre's day end, today",
      who: () => admin,
      endpoint: BILLING_API.getDayEnd,
      body: (i) => ({ centreId: company.centres[i % CENTRES].id }),
    },
    {
      label: "a centre's day end, a day of the last 90",
      who: () => admin,
      endpoint: BILLING_API.getDayEnd,
      body: (i) => ({ centreId: company.centres[i % CENTRES].id, date: addDays(day, -1 - ((i * 7) % 90)) }),
    },
    {
      label: 'finance dashboard, all centres, this month',
      who: () => admin,
      endpoint: BILLING_API.getFinanceDashboard,
      body: () => ({ from: `${day.slice(0, 7)}-01`, to: day }),
    },
    {
      label: 'finance dashboard, all centres, today / 30 days / a year',
      who: () => admin,
      endpoint: BILLING_API.getFinanceDashboard,
      body: (i) => ({ from: addDays(day, -[0, 29, 364][i % 3]), to: day }),
    },
    {
      label: 'finance dashboard, one centre, last 30 days',
      who: () => admin,
      endpoint: BILLING_API.getFinanceDashboard,
      body: (i) => ({ from: addDays(day, -29), to: day, centreId: company.centres[i % CENTRES].id }),
    },
    {
      label: 'price preview (the desk, before registering)',
      who: (i) => desks[i % CENTRES],
      endpoint: BILLING_API.previewPrice,
      body: (i) => ({ centreId: company.centres[i % CENTRES].id, items: itemsOf(i) }),
    },
    {
      label: 'registration with its payment',
      who: (i) => desks[i % CENTRES],
      endpoint: BILLING_API.createRegistration,
      // a part payment of ₹100 (every visit costs more): the desk's payment in the same step
      body: (i) => {
        const list = patients.get(company.centres[i % CENTRES].id);
        return {
          centreId: company.centres[i % CENTRES].id,
          patientId: list[(i * 13) % list.length].id,
          items: itemsOf(i),
          payment: { amountMinor: 10000, mode: i % 2 ? 'UPI' : 'CASH' },
          requestKey: randomUUID(),
        };
      },
    },
  ];
  const rows = [];
  const registrationRequests = Math.min(REQUESTS, Number(process.env.BENCH_API_REGISTRATIONS ?? 50));
  for (const kind of kinds) {
    const registering = kind.endpoint === BILLING_API.createRegistration;
    const n = registering ? registrationRequests : REQUESTS;
    const paths = { gateway: GATEWAY, direct: DIRECT };
    const ms = { gateway: [], direct: [] };
    const items = { gateway: 0, direct: 0 };
    for (let i = 0; i < (registering ? 2 : WARM_UP); i++)
      for (const base of Object.values(paths)) await timedCall(base, kind.who(i), kind.endpoint, kind.body(i));
    for (let i = 0; i < n; i++) {
      // the same request both ways (a registration: the same kind of visit), the first of the pair in turns — each
      // way gets the same mix (an earlier version gave the gateway the even requests: the shortest, busiest prefixes)
      const order = i % 2 === 0 ? Object.entries(paths) : Object.entries(paths).reverse();
      for (const [where, base] of order) {
        const at = i + 1000;
        const { ms: one, data } = await timedCall(base, kind.who(at), kind.endpoint, kind.body(at));
        ms[where].push(one);
        items[where] += data.items ? data.items.length : 0;
      }
    }
    const figures = Object.fromEntries(
      Object.keys(paths).map((where) => [where, { ...percentiles(ms[where]), meanItems: items[where] / n }]),
    );
    step(`${kind.label}: gateway p95 ${fmt(figures.gateway.p95)} ms`);
    rows.push({ label: kind.label, requests: n, example: kind.body(0), ...figures });
  }
  log('| request | n | rows | gateway p50 | p95 | p99 | direct p50 | p95 | p99 |');
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const g = r.gateway;
    const d = r.direct;
    log(
      `| ${r.label} | ${r.requests} | ${fmt(g.meanItems, 1)} | ${fmt(g.p50)} | **${fmt(g.p95)}** | ${fmt(g.p99)} | ${fmt(d.p50)} | ${fmt(d.p95)} | ${fmt(d.p99)} |`,
    );
  }
  log('(milliseconds; targets through the gateway: search p95 ≤ 20 ms, day end and dashboard p95 ≤ 50 ms)');
  results.sections.api = { requests: REQUESTS, rows };
}

async function buildK6() {
  return new Promise((resolve, reject) => {
    let out = '';
    const child = spawn('bash', [path.join(ROOT, 'deploy/k6/build-k6.sh')], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim().split('\n').pop()) : reject(new Error('k6 build'))));
  });
}

/** deploy/k6/billing.js, through deploy/k6/run.sh's k6; the desks' logins, centres and patients in a file. */
async function runK6(company, patients) {
  const duration = process.env.BENCH_K6_DURATION ?? '60s';
  log(`\n## k6: ${CENTRES} desks registering with payment for ${duration} (deploy/k6/billing.js)`);
  const dataFile = path.join(BENCH_DATA_DIR, 'billing-k6.json');
  await mkdir(path.join(ROOT, '.local/k6'), { recursive: true });
  await mkdir(BENCH_DATA_DIR, { recursive: true });
  await writeFile(
    dataFile,
    JSON.stringify({
      company: BENCH_COMPANY,
      password: TEST_PASSWORD,
      visits: VISITS,
      desks: company.centres.map((ce, c) => ({
        login: loginOf.desk(c + 1),
        centreId: ce.id,
        patients: patients.get(ce.id).map((p) => ({ id: p.id, typed: [0, 1, 2, 7, 9].map((i) => typed(p, i)) })),
      })),
    }),
  );
  const since = new Date();
  const k6 = await buildK6();
  const waits = await lockWaits();
  await new Promise((resolve, reject) => {
    const child = spawn(k6, ['run', '--quiet', path.join(ROOT, 'deploy/k6/billing.js')], {
      cwd: ROOT,
      env: { ...process.env, RAYWORKS_URL: GATEWAY, BILLING_DATA: dataFile, VUS: String(CENTRES), DURATION: duration },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve(code) : reject(new Error(`k6 exited ${code}`))));
  });
  const waited = await waits.stop();
  log(
    `billing's connections waiting for a lock (every 50 ms): ${waited.samples} samples, ${fmt(waited.share * 100)} % of them with a waiter (mean ${fmt(waited.mean, 2)} waiting, at most ${waited.max}); by kind: ${JSON.stringify(waited.byKind)}`,
  );
  const pdf = await documentsSince(company, since);
  log(`invoice and receipt PDFs the run asked the worker for: ${pdf.asked}; stored by its end: ${pdf.stored}`);
  results.sections.k6 = { duration, summary: '.local/k6/billing-summary.json', pdf, lockWaits: waited };
}

/**
 * Samples, every 50 ms until stopped, the billing service's connections waiting for a lock (pg_locks not granted): a
 * row lock held by another transaction shows as `transactionid` (e.g. a counter row locked until its unit of work
 * commits), others by their kind. Other services' connections are left out.
 */
async function lockWaits() {
  const client = new pg.Client({ connectionString: infraEnv().ownerDatabaseUrl, application_name: 'bench-billing' });
  await client.connect();
  const tally = { samples: 0, withWaiter: 0, waiting: 0, max: 0, byKind: {} };
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query(
        `SELECT l.locktype AS kind, count(*)::int AS n
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE NOT l.granted AND a.usename = 'rayworks_billing'
         GROUP BY 1`,
      );
      const n = rows.reduce((sum, r) => sum + r.n, 0);
      tally.samples += 1;
      tally.waiting += n;
      if (n > 0) tally.withWaiter += 1;
      tally.max = Math.max(tally.max, n);
      for (const r of rows) tally.byKind[r.kind] = (tally.byKind[r.kind] ?? 0) + r.n;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await client.end();
      return {
        samples: tally.samples,
        share: tally.withWaiter / Math.max(1, tally.samples),
        mean: tally.waiting / Math.max(1, tally.samples),
        max: tally.max,
        byKind: tally.byKind,
      };
    },
  };
}

/**
 * The bench company's PDFs since an instant: asked for (the documents whose print job an ask recorded — a PDF is
 * printed on its first ask, docs/decisions/0259: registering prints nothing) and stored by the billing worker.
 */
async function documentsSince(company, since) {
  return inTenant(company.tenantId, async (c) => {
    const { rows } = await c.query(
      `SELECT (SELECT count(DISTINCT (payload->>'document', payload->>'id', payload->>'version'))
                 FROM billing.job_outbox
                WHERE job_name = 'billingInvoicePdf' AND tenant_id = $2 AND created_at >= $1)::int AS asked,
              (SELECT count(*) FROM billing.documents WHERE created_at >= $1)::int AS stored`,
      [since, company.tenantId],
    );
    return rows[0];
  });
}

/**
 * BURST registrations at once at the first centre, as two receptionists of it (the desk and the burst login, many
 * requests each): every answer a success, the invoice numbers distinct and consecutive from the centre's counter,
 * and the centre's numbers of the financial year 1..n with none missing or twice.
 */
async function burst(company, patients) {
  log(`\n## ${BURST} registrations at once at one centre (gap-free invoice numbers)`);
  const centre = company.centres[0];
  const callers = [await signIn(loginOf.desk(1)), await signIn(loginOf.burst())];
  const list = patients.get(centre.id);
  const counter = () =>
    inTenant(
      company.tenantId,
      async (c) =>
        (
          await c.query(
            `SELECT financial_year, last_number::int AS n FROM billing.document_counters
           WHERE centre_id = $1 AND series = 'INVOICE' ORDER BY financial_year DESC LIMIT 1`,
            [centre.id],
          )
        ).rows[0] ?? null,
    );
  const before = await counter();
  const started = performance.now();
  const settled = await Promise.allSettled(
    Array.from({ length: BURST }, (_, i) =>
      timedCall(GATEWAY, callers[i % 2], BILLING_API.createRegistration, {
        centreId: centre.id,
        patientId: list[i % list.length].id,
        items: itemsOf(i),
        requestKey: randomUUID(),
      }),
    ),
  );
  const wall = performance.now() - started;
  const failed = settled.filter((s) => s.status === 'rejected');
  const answered = settled.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  const numbers = answered.map((a) => a.data.invoice.number);
  const parsed = numbers.map(parseInvoiceNumber);
  const sequences = parsed.map((p) => p?.sequence ?? NaN).sort((a, b) => a - b);
  const distinct = new Set(numbers).size;
  const after = await counter();
  const consecutive = sequences.every((s, i) => i === 0 || s === sequences[i - 1] + 1);
  const fromCounter =
    before !== null && after !== null && before.financial_year === after.financial_year
      ? sequences[0] === before.n + 1 && after.n === before.n + BURST
      : sequences[0] === 1 && after?.n === BURST;
  const whole = await inTenant(company.tenantId, async (c) => {
    const { rows } = await c.query(
      `SELECT count(*)::int AS n, count(DISTINCT sequence)::int AS distinct, min(sequence)::int AS first,
              max(sequence)::int AS last
       FROM billing.invoices WHERE centre_id = $1 AND financial_year = $2`,
      [centre.id, after?.financial_year],
    );
    return rows[0];
  });
  const gapFree = whole.n === whole.distinct && whole.first === 1 && whole.last === whole.n && whole.last === after?.n;
  const p = percentiles(answered.map((a) => a.ms));
  const ok = failed.length === 0 && distinct === BURST && consecutive && fromCounter && gapFree;
  log(
    `| answered | failed | distinct numbers | consecutive | from the counter | centre's year gap-free | wall | p50 | p95 | max |`,
  );
  log(`|---:|---:|---:|---|---|---|---:|---:|---:|---:|`);
  log(
    `| ${answered.length} | ${failed.length} | ${distinct} | ${consecutive ? 'yes' : 'NO'} | ${fromCounter ? 'yes' : 'NO'} (${before?.n ?? 0} → ${after?.n}) | ${gapFree ? 'yes' : 'NO'} (${whole.n} invoices, 1..${whole.last}) | ${fmt(wall / 1000, 1)} s | ${fmt(p.p50, 0)} ms | ${fmt(p.p95, 0)} ms | ${fmt(p.max, 0)} ms |`,
  );
  log(
    `first ${numbers.length ? [...numbers].sort()[0] : '–'}, last ${numbers.length ? [...numbers].sort().at(-1) : '–'}: ${ok ? 'VERIFIED' : 'FAILED'}`,
  );
  if (failed.length > 0) log(`first failure: ${String(failed[0].reason).slice(0, 300)}`);
  results.sections.burst = {
    requests: BURST,
    answered: answered.length,
    failed: failed.length,
    distinct,
    consecutive,
    fromCounter,
    gapFree,
    before,
    after,
    whole,
    wallMs: wall,
    latency: p,
    verified: ok,
  };
  if (!ok) process.exitCode = 1;
}

/**
 * EXPLAIN ANALYZE of the statements behind the figures, as rayworks_billing inside the company: the search as the
 * patients repository builds it; the day end's and the dashboard's sums as the finance repositories write them.
 */
async function explain(company, patients) {
  log('\n## PostgreSQL plans (EXPLAIN ANALYZE, BUFFERS; as rayworks_billing inside the bench company)');
  const client = new pg.Client({ connectionString: roleUrl(infraEnv().ownerDatabaseUrl, 'rayworks_billing') });
  await client.connect();
  const centre = company.centres[0];
  const sample = patients.get(centre.id)[0];
  const prefix = sample.name.toLowerCase().slice(0, 3);
  const day = today();
  // the desk's search exactly as the patients repository writes it (from billing's build), its :pN as $N
  const search = new QueryParams();
  const searched = patientSearchSql(prefix, search).replace(/:p(\d+)/g, (_, i) => `$${Number(i) + 1}`);
  const values = Object.values(search.values);
  const atCentre = `p.centre_id = ANY($${values.length + 1}::uuid[])`;
  const ids = company.centres.map((ce) => ce.id);
  const monthStart = `${day.slice(0, 7)}-01`;
  const ranges = [ids, ids.map(() => monthStart), ids.map(() => day)];
  const statements = [
    [
      `the desk's search '${prefix}' at one centre, first 8 newest`,
      `SELECT p.id, p.patient_name, p.mr_number FROM billing.patients p WHERE ${atCentre} AND ${searched}
       ORDER BY p.created_at DESC NULLS LAST, p.id DESC LIMIT 8`,
      [...values, [centre.id]],
    ],
    [
      `… its total`,
      `SELECT count(1) FROM billing.patients p WHERE ${atCentre} AND ${searched}`,
      [...values, [centre.id]],
    ],
    [
      `a company administrator's search '${prefix}' (every centre), first 8 newest`,
      `SELECT p.id, p.patient_name, p.mr_number FROM billing.patients p WHERE ${searched}
       ORDER BY p.created_at DESC NULLS LAST, p.id DESC LIMIT 8`,
      values,
    ],
    [
      `a centre's day end: the day's invoices`,
      `SELECT s.centre_id, count(*), sum(i.total_minor),
              count(*) FILTER (WHERE i.paid_minor + i.credited_minor < i.total_minor),
              coalesce(sum(i.total_minor - i.credited_minor - i.paid_minor), 0)
       FROM unnest($1::uuid[], $2::date[], $3::date[]) AS s(centre_id, from_date, to_date)
       JOIN billing.invoices i ON i.centre_id = s.centre_id AND i.issued_on BETWEEN s.from_date AND s.to_date
       GROUP BY s.centre_id`,
      [[centre.id], [addDays(day, -1)], [addDays(day, -1)]],
    ],
    [
      `a centre's day end: what the centre is owed`,
      `SELECT i.centre_id, count(*), sum(i.total_minor - i.credited_minor - i.paid_minor) FROM billing.invoices i
       WHERE i.centre_id = ANY($1::uuid[]) AND i.paid_minor + i.credited_minor < i.total_minor GROUP BY i.centre_id`,
      [[centre.id]],
    ],
    [
      `a centre's day end: the day's payments by mode and user`,
      `SELECT s.centre_id, p.mode, p.kind, p.taken_by, max(p.taken_by_name), count(*), sum(p.amount_minor)
       FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS s(centre_id, starts_at, ends_at)
       JOIN billing.payments p ON p.centre_id = s.centre_id AND p.taken_at >= s.starts_at AND p.taken_at < s.ends_at
       GROUP BY s.centre_id, p.mode, p.kind, p.taken_by`,
      [
        [centre.id],
        [new Date(`${addDays(day, -1)}T00:00:00+05:30`).toISOString()],
        [new Date(`${day}T00:00:00+05:30`).toISOString()],
      ],
    ],
    [
      `the dashboard: the summed days of this month, all centres (running totals at each end, 0290)`,
      `SELECT s.centre_id, coalesce(hi.run_invoiced_minor, 0) - coalesce(lo.run_invoiced_minor, 0)
       FROM unnest($1::uuid[], $2::date[], $3::date[]) AS s(centre_id, from_date, to_date)
       LEFT JOIN LATERAL (SELECT f.run_invoiced_minor FROM billing.finance_days f
         WHERE f.centre_id = s.centre_id AND f.local_date <= s.to_date ORDER BY f.local_date DESC LIMIT 1) hi ON true
       LEFT JOIN LATERAL (SELECT f.run_invoiced_minor FROM billing.finance_days f
         WHERE f.centre_id = s.centre_id AND f.local_date < s.from_date ORDER BY f.local_date DESC LIMIT 1) lo ON true`,
      ranges,
    ],
    [
      `the dashboard: their payments by mode`,
      `SELECT s.centre_id, mo.mode, coalesce(hi.run_paid_minor, 0) - coalesce(lo.run_paid_minor, 0)
       FROM unnest($1::uuid[], $2::date[], $3::date[]) AS s(centre_id, from_date, to_date)
       CROSS JOIN unnest($4::text[]) AS mo(mode)
       LEFT JOIN LATERAL (SELECT m.run_paid_minor FROM billing.finance_day_modes m
         WHERE m.centre_id = s.centre_id AND m.mode = mo.mode AND m.local_date <= s.to_date
         ORDER BY m.local_date DESC LIMIT 1) hi ON true
       LEFT JOIN LATERAL (SELECT m.run_paid_minor FROM billing.finance_day_modes m
         WHERE m.centre_id = s.centre_id AND m.mode = mo.mode AND m.local_date < s.from_date
         ORDER BY m.local_date DESC LIMIT 1) lo ON true`,
      [...ranges, [...PAYMENT_MODES]],
    ],
    [
      `the dashboard: what is owed of every summed day, all centres`,
      `SELECT c.centre_id,
              coalesce((SELECT f.run_invoiced_minor - f.run_credited_minor FROM billing.finance_days f
                        WHERE f.centre_id = c.centre_id ORDER BY f.local_date DESC LIMIT 1), 0)
       FROM unnest($1::uuid[]) AS c(centre_id)`,
      [ids],
    ],
  ];
  const plans = [];
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [company.tenantId]);
    for (const [label, sql, params] of statements) {
      await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params); // warm
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      const text = rows.map((r) => r['QUERY PLAN']).join('\n');
      plans.push({ label, plan: text });
      const timing = text.match(/Execution Time: ([\d.]+) ms/)?.[1];
      log(`\n### ${label}: ${timing} ms\n\`\`\`\n${text}\n\`\`\``);
    }
    await client.query('ROLLBACK');
  } finally {
    await client.end();
  }
  results.sections.sql = plans;
}

log(`# bench:billing — ${results.date}`);
log(
  `machine: ${results.machine.cpus} × ${results.machine.cpu}, ${results.machine.memoryGiB} GiB, ${results.machine.os}, node ${results.machine.node}; load average ${results.machine.loadAverage.join(' ')}`,
);
/**
 * The stack to measure. A running stack (its gateway answers) is used as it is, and a service of it that is restarting
 * (another engineer's build) is waited for: it is never started here, nor stopped after — acquireStack would start
 * the stack when one service does not answer and stop the whole stack at the end. With no stack running at all,
 * acquireStack starts this checkout's and stops it after (as bench:worklist does).
 */
async function stack() {
  if (!(await answers(GATEWAY_PORT))) return acquireStack({ services: ['billing', 'auth'] });
  await eventually(
    async () => (await Promise.all([SERVICE_PORTS.billing, SERVICE_PORTS.auth].map(answers))).every(Boolean),
    (up) => up,
    { what: 'the billing and auth services of the running stack', timeoutMs: 300_000, intervalMs: 1000 },
  );
  step('using the running stack');
  return async () => undefined;
}

const started = performance.now();
const release = await stack();
try {
  const { company, held, loadedSeconds } = await seedBilling();
  company.invoices = held.invoices;
  log(
    `company ${BENCH_COMPANY}: ${held.invoices.toLocaleString('en')} invoices, ${held.patients.toLocaleString('en')} patients, ${held.payments.toLocaleString('en')} payments${loadedSeconds !== null ? ` (loaded in ${fmt(loadedSeconds, 0)} s)` : ''}`,
  );
  results.held = held;
  results.loadedSeconds = loadedSeconds;
  const admin = await signIn(loginOf.admin());
  const warm = await timedCall(GATEWAY, admin, BILLING_API.getFinanceDashboard, {
    from: addDays(today(), -364),
    to: today(),
  });
  log(`finance dashboard read once before timing (sums the finished days not yet summed): ${fmt(warm.ms, 0)} ms`);
  results.dashboardWarmUpMs = warm.ms;
  const patients = await samplePatients(company, 200);
  if (SECTIONS.includes('api')) await measureApi(company, patients);
  if (SECTIONS.includes('k6')) await runK6(company, patients);
  if (SECTIONS.includes('burst')) await burst(company, patients);
  if (SECTIONS.includes('sql')) await explain(company, patients);
} finally {
  await release();
}
results.loadAverageAtEnd = os.loadavg().map((l) => Number(l.toFixed(2)));
log(
  `\n(total ${fmt((performance.now() - started) / 1000, 0)} s; load average at start ${results.machine.loadAverage.join(' ')}, at end ${results.loadAverageAtEnd.join(' ')})`,
);
await mkdir(BENCH_DATA_DIR, { recursive: true });
const resultsFile =
  process.env.BENCH_SECTIONS === undefined ? 'billing-results.json' : `billing-results-${SECTIONS.join('+')}.json`;
await writeFile(path.join(BENCH_DATA_DIR, resultsFile), JSON.stringify(results, null, 2));
log(`results: .local/bench/${resultsFile}`);
process.exit(process.exitCode ?? 0);
