// npm run bench:reporting — the report PDF worker (issue 12's benchmark): reports per minute with one worker, and the
// time from finalize to the stored PDF (p50/p95) for a one-page and a three-page report. Prints figures; not a test.
//   data   a bench company of its own (a random tenant id, never the demo company) with one centre whose layout has a
//          header, a patient block of 6 rows, a text footer with a fields row and a text watermark; its reports are
//          written as the finalize's unit of work commits them: the FINAL report row and its reporting.report-pdf job
//          in one transaction (the job outbox wakes the relay on commit). Everything is removed after the run.
//   latency    BENCH_LATENCY_RUNS (20) reports of each size, one at a time: finalize (the report's finalized_at,
//              clock_timestamp() in the committing transaction) → stored (report_pdfs.created_at, the worker's
//              commit), both on the database's clock.
//   throughput BENCH_BURST (30) reports of each size finalized at once: reports per minute from the first finalize
//              to the last stored PDF, with one worker process (REPORT_PDF_CONCURRENCY pages at a time, default 2).
// The stack: the running one, or this checkout's started and stopped after (BENCH_STACK_LOCK=<file>), as the other
// benchmarks (scripts/bench/rayworks.mjs acquireStack). Results also go to .local/bench/reporting-results.json.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { StorageService } from '@rayworks/nest-kit';
import { machine } from './machine.mjs';
import { acquireStack } from './rayworks.mjs';

const LATENCY_RUNS = Number(process.env.BENCH_LATENCY_RUNS ?? 20);
const BURST = Number(process.env.BENCH_BURST ?? 30);
const owner = process.env.DATABASE_URL;
if (!owner) {
  console.error('DATABASE_URL must be set: source deploy/local/env.sh');
  process.exit(1);
}
const tenantId = randomUUID();
const centreId = randomUUID();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const step = (text) => console.log(`[bench:reporting] ${text}`);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const paragraph = (i) =>
  `<p>Finding ${i}: the ventricles and sulci are normal for age. No midline shift, no intracranial haemorrhage, mass or extra-axial collection. Grey-white differentiation is preserved; the visualised paranasal sinuses and mastoid air cells are clear.</p>`;
const BODIES = {
  'one-page': `<p><strong>CT brain (plain).</strong></p>${[1, 2, 3, 4].map(paragraph).join('')}<p><strong>Impression:</strong> no acute intracranial abnormality.</p>`,
  'three-page': `<p><strong>CT brain (plain).</strong></p>${Array.from({ length: 24 }, (_, i) => paragraph(i + 1)).join('')}<p><strong>Impression:</strong> no acute intracranial abnormality.</p>`,
};
const LAYOUT = {
  paperType: 'A4',
  header: { enable: true, logo: null, height: 90 },
  footer: {
    enable: true,
    height: 50,
    contentType: 'text',
    logo: null,
    text: 'Bench Diagnostic Centre · 12 MG Road · reports@bench.example',
    enableFooterFields: true,
    footFieldsHeight: 30,
    footerFields: [
      { label: 'Reported by', value: '', type: 'doctorName' },
      { label: 'Date', value: '', type: 'date' },
    ],
  },
  body: {
    waterMark: { enable: true, text: 'BENCH', image: null },
    margins: { top: 20, right: 40, bottom: 20, left: 40 },
    patientDetails: [
      { label: 'Patient Name', value: 'patientName', order: 1 },
      { label: 'Patient ID', value: 'mrID', order: 2 },
      { label: 'Age', value: 'age', order: 3 },
      { label: 'Gender', value: 'gender', order: 4 },
      { label: 'Study Date', value: 'studyDate', order: 5 },
      { label: 'Modality', value: 'modality', order: 6 },
    ],
    testType: null,
    notePoints: ['Correlate clinically.'],
    tableDataLabels: [],
    interpretation: null,
  },
};

async function inTenant(work) {
  const client = new pg.Client({ connectionString: owner });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** One finalize as the reports module commits it: the FINAL row and the PDF job, one transaction. */
async function finalize(kind, n) {
  return inTenant(async (c) => {
    const reportId = randomUUID();
    await c.query(
      `INSERT INTO reporting.reports (id, tenant_id, case_id, status, version, report_html, test_name, doctor_info, patient,
         study, centre_id, finalized_at, finalized_by)
       VALUES ($1, $2, $3, 'FINAL', 1, $4, 'CT Brain Plain', $5, $6, $7, $8, clock_timestamp(), $9)`,
      [
        reportId,
        tenantId,
        randomUUID(),
        BODIES[kind],
        JSON.stringify({ doctorName: 'Dr Bench Reader', qualificationName: 'MD Radiology', signature: null }),
        JSON.stringify({
          patientName: `Bench Patient ${n}`,
          age: '42Y',
          gender: 'M',
          dateOfBirth: null,
          mrID: `MR-BENCH-${n}`,
          registrationID: null,
          referredName: null,
          phoneNumber: null,
        }),
        JSON.stringify({ modality: 'CT', studyDescription: 'CT Brain', studyDate: '2026-11-27', bodyPart: 'HEAD' }),
        centreId,
        randomUUID(),
      ],
    );
    await c.query(
      `INSERT INTO reporting.job_outbox (job_name, queue, payload, tenant_id, correlation_id)
       VALUES ('reportingReportPdf', 'reporting.report-pdf', $1, $2, $3)`,
      [JSON.stringify({ reportId, version: 1 }), tenantId, `bench-reporting-${reportId}`],
    );
    return reportId;
  });
}

/** Waits until every report has its PDF; answers {reportId: {ms (finalize → stored), pages, storedAt}}. */
async function stored(reportIds, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await inTenant((c) =>
      c
        .query(
          `SELECT p.report_id, p.pages, p.created_at, extract(epoch FROM p.created_at - r.finalized_at) * 1000 AS ms,
                  r.finalized_at
             FROM reporting.report_pdfs p JOIN reporting.reports r ON r.id = p.report_id
            WHERE p.report_id = ANY($1::uuid[])`,
          [reportIds],
        )
        .then((r) => r.rows),
    );
    if (rows.length === reportIds.length) return rows.map((r) => ({ ...r, ms: Number(r.ms) }));
    if (Date.now() > deadline)
      throw new Error(`${reportIds.length - rows.length} PDFs not stored after ${timeoutMs} ms`);
    await sleep(25);
  }
}

async function cleanUp() {
  const keys = await inTenant((c) =>
    c
      .query(`SELECT object_key FROM reporting.report_pdfs WHERE tenant_id = $1`, [tenantId])
      .then((r) => r.rows.map((x) => x.object_key)),
  );
  const storage = new StorageService({
    endpoint: process.env.S3_ENDPOINT,
    region: process.env.S3_REGION,
    accessKeyId: process.env.S3_ACCESS_KEY_ID,
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY,
    bucket: process.env.S3_BUCKET,
  });
  for (const key of keys) await storage.delete(key).catch(() => undefined);
  await inTenant(async (c) => {
    await c.query(`DELETE FROM reporting.report_pdfs WHERE tenant_id = $1`, [tenantId]);
    await c.query(`DELETE FROM reporting.reports WHERE tenant_id = $1`, [tenantId]);
    await c.query(`DELETE FROM reporting.report_layouts WHERE tenant_id = $1`, [tenantId]);
  });
  step(`removed the bench company's ${keys.length} PDFs and rows`);
}

async function main() {
  const release = await acquireStack({ services: ['reporting'] });
  const results = {
    machine: machine(),
    at: new Date().toISOString(),
    latencyRuns: LATENCY_RUNS,
    burst: BURST,
    kinds: {},
  };
  try {
    await inTenant((c) =>
      c.query(`INSERT INTO reporting.report_layouts (centre_id, tenant_id, layout) VALUES ($1, $2, $3)`, [
        centreId,
        tenantId,
        JSON.stringify(LAYOUT),
      ]),
    );
    // warm-up: the worker launches its browser on the first job
    step('warm-up (the worker launches Chromium on its first job)');
    await stored([await finalize('one-page', 0)]);
    for (const kind of Object.keys(BODIES)) {
      const latencies = [];
      let pages = 0;
      for (let i = 1; i <= LATENCY_RUNS; i += 1) {
        const id = await finalize(kind, i);
        const [row] = await stored([id]);
        latencies.push(row.ms);
        pages = row.pages;
      }
      latencies.sort((x, y) => x - y);
      const burstIds = [];
      for (let i = 1; i <= BURST; i += 1) burstIds.push(await finalize(kind, 1000 + i));
      const rows = await stored(burstIds);
      const first = Math.min(...rows.map((r) => new Date(r.finalized_at).getTime()));
      const last = Math.max(...rows.map((r) => new Date(r.created_at).getTime()));
      const perMinute = (BURST / (last - first)) * 60_000;
      const burstMs = rows.map((r) => r.ms).sort((x, y) => x - y);
      results.kinds[kind] = {
        pages,
        latencyMs: {
          p50: Math.round(percentile(latencies, 50)),
          p95: Math.round(percentile(latencies, 95)),
          max: Math.round(latencies.at(-1)),
        },
        burst: {
          reportsPerMinute: Math.round(perMinute),
          seconds: Number(((last - first) / 1000).toFixed(1)),
          finalizeToStoredP95Ms: Math.round(percentile(burstMs, 95)),
        },
      };
      step(
        `${kind} (${pages} page${pages === 1 ? '' : 's'}): finalize → stored p50 ${results.kinds[kind].latencyMs.p50} ms, p95 ${results.kinds[kind].latencyMs.p95} ms, max ${results.kinds[kind].latencyMs.max} ms; ` +
          `${BURST} at once: ${results.kinds[kind].burst.reportsPerMinute} reports/min (${results.kinds[kind].burst.seconds} s, p95 in the burst ${results.kinds[kind].burst.finalizeToStoredP95Ms} ms)`,
      );
    }
  } finally {
    await cleanUp().catch((e) => step(`clean-up failed: ${e.message}`));
    await release();
  }
  console.log(JSON.stringify(results, null, 2));
  const out = path.join(process.cwd(), '.local', 'bench');
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'reporting-results.json'), `${JSON.stringify(results, null, 2)}\n`);
}

await main();
