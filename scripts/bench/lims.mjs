// npm run bench:lims — the laboratory's validation worksheet and HL7 ingest (issue 23's benchmark). Prints figures;
// not a timed test. Method: docs/decisions/0311-lims-benchmark.md. Sections (all, or some with BENCH_SECTIONS=hl7,…):
//   seed      (always) the bench laboratory `benchlims` (a company of its own, never the demo company) with a test of 20
//             numeric parameters and 4 HL7 analyzers set up through the API, and BENCH_SAMPLES (500) accepted samples
//             with that test's order written in bulk (scripts/bench/lims-seed.mjs); then every bench order's results
//             removed, so each run starts from the same pending worksheet.
//   hl7       4 analyzers at once, each its own MLLP connection (@medplum/hl7's client) and registered identity, each
//             sending ORU^R01 messages of 20 OBX results for the samples' barcodes, one after the other's AA (original
//             acknowledgement mode, as an instrument does), in two phases of BENCH_HL7_SECONDS (30): paced at
//             BENCH_HL7_RATE (500, the target) results/s offered in all, then flat out (the next message on each
//             ACK): results/s overall and per 5 s, ACK latency p50/p95/p99, the clients' own CPU and the lims
//             processes'; then, in the database, every acknowledged message stored once and its 20 results MATCHED by
//             the lims worker, and the analyzers' values entered on the orders (AnalyzerResultsMatched consumed)
//             before the worksheet is timed. BENCH_HL7_ANALYZERS (4): fewer senders, to tell the cost of one message
//             from contention.
//   worksheet the pathologist opens the worksheet of BENCH_SAMPLES orders × 20 parameters (pageSize 500), through the
//             gateway (the headline) and direct to the lims service, taking turns which goes first; BENCH_OPENS (20).
//   save      the pathologist saves and validates one sample's 20 values through the gateway, BENCH_SAVES (200)
//             samples, each a different one (the version read from the worksheet just opened).
//   sql       EXPLAIN (ANALYZE, BUFFERS) of the worksheet's statements as the results repository writes them (from lims's
//             build), and of the save's lock, as the lims service's role inside the bench company.
// The stack: the running one (npm start), never started or stopped here while it runs. Results also go to
// .local/bench/lims-results*.json.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import {
  AnalyzerResultsMatchedV1,
  GATEWAY_PORT,
  LIMS_ANALYZERS_PORTS,
  LIMS_API,
  SERVICE_PORTS,
} from '@rayworks/contracts';
import { BENCH_DATA_DIR, eventually, infraEnv, percentiles, roleUrl } from '@rayworks/testing';
import { ResultsRepository } from '../../services/lims/dist/modules/results/results.repository.js';
import { ROOT } from '../lib/processes.mjs';
import {
  analyzeTables,
  analyzerCode,
  BENCH_COMPANY,
  BENCH_TEST,
  inTenant,
  resetResults,
  seedLims,
  SENDING_FACILITY,
  sendingApplication,
  valueOf,
} from './lims-seed.mjs';
import { answers, fmt, GATEWAY, log, step, timedCall } from './lib.mjs';
import { machine } from './machine.mjs';

const SECTIONS = (process.env.BENCH_SECTIONS ?? 'hl7,worksheet,save,sql').split(',').map((s) => s.trim());
const OPENS = Number(process.env.BENCH_OPENS ?? 20);
const SAVES = Number(process.env.BENCH_SAVES ?? 200);
const HL7_SECONDS = Number(process.env.BENCH_HL7_SECONDS ?? 30);
/** The results per second the paced phase offers in all (the issue's target). */
const HL7_RATE = Number(process.env.BENCH_HL7_RATE ?? 500);
/** How many of the 4 analyzers send (fewer: to tell the listener's cost per message from contention). */
const HL7_ANALYZERS = Math.min(4, Number(process.env.BENCH_HL7_ANALYZERS ?? 4));
const OBX_PER_MESSAGE = BENCH_TEST.parameters.length;
const WARM_UP = 2;
const DIRECT = `http://127.0.0.1:${SERVICE_PORTS.lims}`;

const results = { machine: machine(), date: new Date().toISOString(), company: BENCH_COMPANY, sections: {} };

/**
 * CPU seconds (user + system) a process of the stack has used so far, with its pid, from /proc; null when it is not
 * there. A process restarted in between (another engineer's build) has another pid: its share is not known.
 */
function cpuSecondsOf(name) {
  try {
    const pid = readFileSync(path.join(ROOT, '.local/run', `${name}.pid`), 'utf8').trim();
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command's closing parenthesis), in ticks
    return { pid, seconds: (Number(fields[11]) + Number(fields[12])) / 100 };
  } catch {
    return null;
  }
}
const PROCESSES = ['lims-analyzers', 'lims-worker', 'lims'];
const cpuOfStack = () => Object.fromEntries(PROCESSES.map((p) => [p, cpuSecondsOf(p)]));

/** An ORU^R01 of one sample's 20 results as analyzer a sends it (its identity, its own codes). */
function oru(a, controlId, barcode, k) {
  const now = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const obx = BENCH_TEST.parameters.map(
    (p, i) =>
      `OBX|${i + 1}|NM|${analyzerCode(a, i)}^${p.name}||${valueOf(p, k, i)}|${p.unit}|${p.ranges[0].low}-${p.ranges[0].high}|N|||F|||${now}`,
  );
  return Hl7Message.parse(
    [
      `MSH|^~\\&|${sendingApplication(a)}|${SENDING_FACILITY}|RAYWORKS|LIMS|${now}||ORU^R01^ORU_R01|${controlId}|P|2.5.1`,
      `PID|1||MR${k}`,
      `OBR|1|${controlId}|${barcode}||||${now}`,
      ...obx,
    ].join('\r'),
  );
}

/**
 * One phase of the analyzers' run: the clients at once for HL7_SECONDS, each message after the previous one's answer
 * (one outstanding per connection) and, when paced, not before its turn: analyzer a sends its j-th message at
 * `interval` × j from the start (or at once when it is late). Answers the phase's ACKs, refusals, latencies and CPU.
 */
async function sendPhase(lab, analyzers, prefix, intervalMs) {
  const clients = analyzers.map(() => new Hl7Client({ host: '127.0.0.1', port: LIMS_ANALYZERS_PORTS.hl7 }));
  await Promise.all(clients.map((c) => c.connect()));
  const acked = [];
  const refused = [];
  const latencies = [];
  const ackTimes = [];
  const cpuBefore = process.cpuUsage();
  const stackBefore = cpuOfStack();
  const started = performance.now();
  const deadline = started + HL7_SECONDS * 1000;
  await Promise.all(
    clients.map(async (client, c) => {
      const a = c + 1;
      // the paced analyzers start spread over one interval, not all at once
      const offset = (intervalMs * c) / clients.length;
      for (let j = 0; performance.now() < deadline; j++) {
        const due = started + offset + intervalMs * j;
        if (due > deadline) break;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        // analyzer a takes every 4th sample, starting at its own: the four together go round the run's samples
        const k = (c + analyzers.length * j) % lab.samples.length;
        const controlId = `${prefix}-${a}-${j}`;
        const message = oru(a, controlId, lab.samples[k].barcode, k + j);
        const sent = performance.now();
        const ack = await client.sendAndWait(message, { timeoutMs: 30_000 });
        const now = performance.now();
        const code = ack.getSegment('MSA')?.getField(1)?.toString();
        if (code === 'AA') {
          acked.push(controlId);
          latencies.push(now - sent);
          ackTimes.push(now - started);
        } else refused.push({ controlId, ack: ack.toString().slice(0, 300) });
      }
    }),
  );
  const wallMs = Math.max(performance.now() - started, HL7_SECONDS * 1000);
  const cpu = process.cpuUsage(cpuBefore);
  const stackAfter = cpuOfStack();
  await Promise.all(clients.map((c) => c.close()));
  // the rate in each whole 5-second window: sustained, not a burst
  const windows = [];
  for (let w = 0; (w + 1) * 5000 <= wallMs; w++)
    windows.push((ackTimes.filter((t) => t >= w * 5000 && t < (w + 1) * 5000).length * OBX_PER_MESSAGE) / 5);
  return {
    acked,
    refused,
    wallMs,
    resultsPerSecond: (acked.length * OBX_PER_MESSAGE) / (wallMs / 1000),
    windows,
    latency: percentiles(latencies),
    cpu: {
      clients: (cpu.user + cpu.system) / 1000 / wallMs,
      ...Object.fromEntries(
        PROCESSES.map((name) => [
          name,
          stackBefore[name] === null || stackAfter[name] === null || stackBefore[name].pid !== stackAfter[name].pid
            ? null
            : (stackAfter[name].seconds - stackBefore[name].seconds) / (wallMs / 1000),
        ]),
      ),
    },
  };
}

/**
 * The analyzers' run, in two phases of HL7_SECONDS: paced at HL7_RATE results/s offered in all (the target: latency
 * at the load the issue names), then as fast as each ACK allows (the most the listener takes). Then checks in the
 * database that every acknowledged message is stored once and its results matched.
 */
async function hl7(lab) {
  const analyzers = lab.analyzers.slice(0, HL7_ANALYZERS);
  log(
    `\n## HL7 ingest: ${analyzers.length} analyzers at once over MLLP, ${HL7_SECONDS} s per phase, ORU^R01 of ${OBX_PER_MESSAGE} results each`,
  );
  const run = randomUUID().slice(0, 8);
  const since = new Date();
  const phases = [
    {
      label: `paced: ${HL7_RATE} results/s offered`,
      // each analyzer's share of the rate, in messages
      intervalMs: (1000 * analyzers.length * OBX_PER_MESSAGE) / HL7_RATE,
    },
    { label: 'flat out: the next message on each ACK', intervalMs: 0 },
  ];
  const done = [];
  for (const [i, phase] of phases.entries()) {
    const figures = await sendPhase(lab, analyzers, `${run}-${i}`, phase.intervalMs);
    step(`${phase.label}: acknowledged ${figures.acked.length} messages (${figures.refused.length} refused)`);
    done.push({ ...phase, ...figures });
  }
  const acked = done.flatMap((d) => d.acked);
  const refused = done.flatMap((d) => d.refused);
  step(`checking the ${acked.length} acknowledged messages in the database`);

  // every acknowledged message stored once, and (by the lims worker's matching job) its results matched
  const stored = () =>
    inTenant(lab.company.tenantId, async (c) => {
      const { rows } = await c.query(
        `SELECT count(*)::int AS messages, count(DISTINCT (m.analyzer_id, m.control_id))::int AS distinct,
                count(*) FILTER (WHERE m.matched_at IS NOT NULL)::int AS matched_messages,
                (SELECT count(*)::int FROM lims.analyzer_results r JOIN lims.analyzer_messages mm ON mm.id = r.message_id
                  WHERE mm.control_id LIKE $1 || '-%' AND r.status = 'MATCHED') AS matched_results,
                (SELECT count(*)::int FROM lims.analyzer_results r JOIN lims.analyzer_messages mm ON mm.id = r.message_id
                  WHERE mm.control_id LIKE $1 || '-%' AND r.status <> 'MATCHED') AS other_results
           FROM lims.analyzer_messages m WHERE m.control_id LIKE $1 || '-%'`,
        [run],
      );
      const ackedStored = await c.query(
        `SELECT count(*)::int AS n FROM lims.analyzer_messages WHERE control_id = ANY($1::text[])`,
        [acked],
      );
      return { ...rows[0], ackedStored: ackedStored.rows[0].n };
    });
  const matchStarted = performance.now();
  const db = await eventually(stored, (s) => s.matched_messages >= s.messages, {
    what: `the run's ${acked.length} messages matched by the lims worker`,
    timeoutMs: 600_000,
    intervalMs: 2000,
  });
  const matchedAfterMs = performance.now() - matchStarted;
  // the analyzers' values entered on the orders: every AnalyzerResultsMatched of the run handled by the results consumer
  const pendingEvents = () =>
    inTenant(lab.company.tenantId, async (c) => {
      const { rows } = await c.query(
        `SELECT count(*)::int AS n FROM lims.outbox o
          WHERE o.envelope->>'type' = $1 AND o.envelope->>'tenantId' = $2 AND o.created_at >= $3
            AND NOT EXISTS (SELECT 1 FROM lims.inbox i WHERE i.event_id = o.event_id)`,
        [AnalyzerResultsMatchedV1.type, lab.company.tenantId, since],
      );
      return rows[0].n;
    });
  await eventually(pendingEvents, (n) => n === 0, {
    what: "the analyzers' values entered on the orders",
    timeoutMs: 600_000,
    intervalMs: 2000,
  });
  const enteredAfterMs = performance.now() - matchStarted;
  const verified =
    refused.length === 0 &&
    db.ackedStored === acked.length &&
    db.messages === acked.length &&
    db.distinct === db.messages &&
    db.matched_results === acked.length * OBX_PER_MESSAGE &&
    db.other_results === 0;

  log(
    '| phase | analyzers | messages ACKed | results | results/s | slowest 5 s | ACK p50 | p95 | p99 | max | CPU: clients | listener | worker | lims |',
  );
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const share = (x) => (x === null || x === undefined ? '–' : `${fmt(x * 100, 0)} %`);
  for (const d of done)
    log(
      `| ${d.label} | ${analyzers.length} | ${d.acked.length} | ${d.acked.length * OBX_PER_MESSAGE} | **${fmt(d.resultsPerSecond, 0)}** | ${fmt(Math.min(...d.windows), 0)} | ${fmt(d.latency.p50)} | **${fmt(d.latency.p95)}** | ${fmt(d.latency.p99)} | ${fmt(d.latency.max)} | ${share(d.cpu.clients)} | ${share(d.cpu['lims-analyzers'])} | ${share(d.cpu['lims-worker'])} | ${share(d.cpu.lims)} |`,
    );
  log(
    `(ACK latency in milliseconds, from the message's first byte to its AA; CPU as a share of one core; targets ≥ 500 results/s, p95 ≤ 20 ms; results/s per 5 s: ${done.map((d) => d.windows.map((w) => fmt(w, 0)).join(', ')).join(' | ')})`,
  );
  log(
    `database: ${db.messages} messages stored for ${acked.length} ACKs (${db.ackedStored} of the ACKed control ids found, ${db.distinct} distinct), ${db.matched_results} results MATCHED, ${db.other_results} other; all matched ${fmt(matchedAfterMs / 1000)} s after the run, the values on the orders ${fmt(enteredAfterMs / 1000)} s after: ${verified ? 'VERIFIED' : 'FAILED'}`,
  );
  // the lims worker's matching and the results consumer behind the listener: the rate they kept, run start to last
  const wallMs = done.reduce((sum, d) => sum + d.wallMs, 0);
  const matchedPerSecond = db.matched_results / ((wallMs + matchedAfterMs) / 1000);
  const enteredPerSecond = db.matched_results / ((wallMs + enteredAfterMs) / 1000);
  log(
    `behind the ACKs: matched at ${fmt(matchedPerSecond, 0)} results/s and entered on the orders at ${fmt(enteredPerSecond, 0)} results/s (from the run's start to the last one)`,
  );
  if (refused.length > 0) log(`first refusal: ${JSON.stringify(refused[0])}`);
  results.sections.hl7 = {
    seconds: HL7_SECONDS,
    analyzers: analyzers.length,
    phases: done.map(({ acked: a, refused: r, ...d }) => ({ ...d, acked: a.length, refused: r.length })),
    acked: acked.length,
    refused: refused.length,
    database: db,
    matchedAfterMs,
    enteredAfterMs,
    matchedPerSecond,
    enteredPerSecond,
    verified,
  };
  if (!verified) process.exitCode = 1;
}

/** The worksheet's counts: orders, lines, lines with a value. */
const linesOf = (sheet) => ({
  orders: sheet.items.length,
  lines: sheet.items.reduce((n, o) => n + o.lines.length, 0),
  filled: sheet.items.reduce((n, o) => n + o.lines.filter((l) => l.value !== null).length, 0),
});

async function worksheet(lab) {
  const pageSize = Math.min(500, lab.samples.length);
  const body = { page: 1, pageSize, testCode: BENCH_TEST.code };
  log(
    `\n## the worksheet: ${pageSize} orders × ${OBX_PER_MESSAGE} parameters, the pathologist, ${OPENS} opens each way`,
  );
  const paths = { gateway: GATEWAY, direct: DIRECT };
  const ms = { gateway: [], direct: [] };
  let last = null;
  for (let i = 0; i < WARM_UP; i++)
    for (const base of Object.values(paths))
      last = await timedCall(base, lab.pathologist, LIMS_API.findWorksheet, body);
  const bytes = { gateway: 0, direct: 0 };
  for (let i = 0; i < OPENS; i++) {
    const order = i % 2 === 0 ? Object.entries(paths) : Object.entries(paths).reverse();
    for (const [where, base] of order) {
      const answer = await timedCall(base, lab.pathologist, LIMS_API.findWorksheet, body);
      ms[where].push(answer.ms);
      bytes[where] = answer.bytes;
      last = answer;
    }
  }
  const counts = linesOf(last.data);
  if (counts.orders !== pageSize || counts.lines !== pageSize * OBX_PER_MESSAGE)
    throw new Error(`the worksheet holds ${counts.orders} orders and ${counts.lines} lines, not ${pageSize} × 20`);
  const figures = Object.fromEntries(Object.keys(paths).map((w) => [w, percentiles(ms[w])]));
  log('| request | n | orders | lines (with a value) | JSON | gateway p50 | p95 | p99 | direct p50 | p95 | p99 |');
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const g = figures.gateway;
  const d = figures.direct;
  log(
    `| open the worksheet (pageSize ${pageSize}) | ${OPENS} | ${counts.orders} | ${counts.lines} (${counts.filled}) | ${fmt(bytes.direct / 1024 ** 2, 2)} MB | ${fmt(g.p50)} | **${fmt(g.p95)}** | ${fmt(g.p99)} | ${fmt(d.p50)} | ${fmt(d.p95)} | ${fmt(d.p99)} |`,
  );
  log('(milliseconds; target through the gateway: open ≤ 1 s)');
  results.sections.worksheet = { opens: OPENS, pageSize, counts, bytes: bytes.direct, ...figures };
  return last.data;
}

async function save(lab, sheet) {
  // the orders in the worksheet's order, each saved once: the first WARM_UP_SAVES warm up
  const warm = Math.min(10, Math.floor(sheet.items.length / 10));
  const n = Math.min(SAVES, sheet.items.length - warm);
  log(`\n## save and validate one sample's ${OBX_PER_MESSAGE} values through the gateway (${n} samples, each once)`);
  if (n < SAVES) log(`(only ${sheet.items.length} orders on the worksheet: ${n} saves, not ${SAVES})`);
  const ms = [];
  for (let i = 0; i < warm + n; i++) {
    const order = sheet.items[i];
    const values = Object.fromEntries(BENCH_TEST.parameters.map((p, j) => [p.code, valueOf(p, i + 3, j)]));
    const answer = await timedCall(GATEWAY, lab.pathologist, LIMS_API.saveResults, {
      orderId: order.orderId,
      version: order.version,
      values,
      validate: true,
    });
    if (answer.data.status !== 'VALIDATED') throw new Error(`order ${order.orderId}: ${answer.data.status}`);
    if (i >= warm) ms.push(answer.ms);
  }
  const p = percentiles(ms);
  log('| request | n | p50 | p95 | p99 | max |');
  log('|---|---:|---:|---:|---:|---:|');
  log(
    `| save ${OBX_PER_MESSAGE} values and validate (gateway) | ${n} | ${fmt(p.p50)} | **${fmt(p.p95)}** | ${fmt(p.p99)} | ${fmt(p.max)} |`,
  );
  log('(milliseconds; target: p95 ≤ 50 ms)');
  results.sections.save = { saves: n, warmUp: warm, latency: p };
}

/**
 * Runs a repository method against a manager that only records the statement (TypeORM's named parameters as $n, in
 * the order they first appear, as its postgres driver binds them): the SQL exactly as lims's build writes it.
 */
async function statementOf(call) {
  const captured = [];
  const manager = {
    connection: {
      driver: {
        escapeQueryWithParameters(sql, named) {
          const order = [];
          const text = sql.replace(/(?<!:):([A-Za-z_]\w*)/g, (_, name) => {
            if (!(name in named)) return `:${name}`;
            if (!order.includes(name)) order.push(name);
            return `$${order.indexOf(name) + 1}`;
          });
          return [text, order.map((name) => named[name])];
        },
      },
    },
    query: async (text, values) => {
      captured.push([text, values]);
      return [];
    },
  };
  await call({ manager });
  return captured[0];
}

async function explain(lab) {
  log('\n## PostgreSQL plans (EXPLAIN ANALYZE, BUFFERS; as rayworks_lims inside the bench company)');
  const repository = new ResultsRepository();
  const access = {
    principal: { tenantId: lab.company.tenantId, level: 'centre', groupId: null, centreIds: lab.centreIds },
    groupFilter: null,
    centreFilter: null,
    empty: false,
    submoduleType: null,
    subscriptionType: null,
    sessionEnabled: true,
  };
  const pageSize = Math.min(500, lab.samples.length);
  const orderIds = lab.samples.slice(0, pageSize).map((s) => s.orderId);
  const versionIds = await inTenant(lab.company.tenantId, async (c) => {
    const { rows } = await c.query(`SELECT current_version_id AS id FROM lims.lab_tests WHERE code = $1`, [
      BENCH_TEST.code,
    ]);
    return rows.map((r) => r.id);
  });
  const statements = [
    [
      `the worksheet's page of ${pageSize} orders (the pathologist's two centres)`,
      await statementOf((tx) => repository.worksheet(tx, access, { page: 1, pageSize, testCode: BENCH_TEST.code })),
    ],
    [`… the catalogue versions they are judged by`, await statementOf((tx) => repository.versions(tx, versionIds))],
    [`… their stored results`, await statementOf((tx) => repository.results(tx, orderIds))],
    [`… the patients' previous signed results`, await statementOf((tx) => repository.previous(tx, orderIds))],
    [`a save: the order locked`, await statementOf((tx) => repository.lockOrder(tx, access, orderIds[0]))],
  ];
  const client = new pg.Client({ connectionString: roleUrl(infraEnv().ownerDatabaseUrl, 'rayworks_lims') });
  await client.connect();
  const plans = [];
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [lab.company.tenantId]);
    for (const [label, [sql, params]] of statements) {
      await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params); // warm
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      const text = rows.map((r) => r['QUERY PLAN']).join('\n');
      plans.push({ label, sql, plan: text });
      const timing = text.match(/Execution Time: ([\d.]+) ms/)?.[1];
      log(`\n### ${label}: ${timing} ms\n\`\`\`\n${text}\n\`\`\``);
    }
    await client.query('ROLLBACK');
  } finally {
    await client.end();
  }
  results.sections.sql = plans;
}

log(`# bench:lims — ${results.date}`);
log(
  `machine: ${results.machine.cpus} × ${results.machine.cpu}, ${results.machine.memoryGiB} GiB, ${results.machine.os}, node ${results.machine.node}; load average ${results.machine.loadAverage.join(' ')}`,
);

const started = performance.now();
// the running stack, as it is: a process restarting (another engineer's build) is waited for, never started here
await eventually(
  async () =>
    (
      await Promise.all(
        [GATEWAY_PORT, SERVICE_PORTS.lims, SERVICE_PORTS.auth, LIMS_ANALYZERS_PORTS.health].map(answers),
      )
    ).every(Boolean),
  (up) => up,
  { what: 'the gateway, auth, lims and lims-analyzers of the running stack (npm start)', timeoutMs: 300_000 },
);
const lab = await seedLims();
lab.centreIds = [lab.company.centres.c1, lab.company.centres.c2];
log(
  `company ${BENCH_COMPANY}: ${lab.held} accepted samples with a ${BENCH_TEST.code} order (${BENCH_TEST.parameters.length} parameters)${lab.writtenSeconds !== null ? `, written in ${fmt(lab.writtenSeconds)} s` : ''}; this run uses ${lab.samples.length}`,
);
const reset = await resetResults(lab.company.tenantId);
step(`reset: ${reset.orders} orders' results removed (${reset.results} values)`);
results.samples = lab.samples.length;
await analyzeTables();
if (SECTIONS.includes('hl7')) await hl7(lab);
// the statistics after the analyzers' values (as autovacuum leaves them): the worksheet's plans are read with them
await analyzeTables();
let sheet = null;
if (SECTIONS.includes('worksheet') || SECTIONS.includes('save')) sheet = await worksheet(lab);
if (SECTIONS.includes('save')) await save(lab, sheet);
if (SECTIONS.includes('sql')) await explain(lab);
results.loadAverageAtEnd = os.loadavg().map((l) => Number(l.toFixed(2)));
log(
  `\n(total ${fmt((performance.now() - started) / 1000, 0)} s; load average at start ${results.machine.loadAverage.join(' ')}, at end ${results.loadAverageAtEnd.join(' ')})`,
);
await mkdir(BENCH_DATA_DIR, { recursive: true });
const resultsFile =
  process.env.BENCH_SECTIONS === undefined ? 'lims-results.json' : `lims-results-${SECTIONS.join('+')}.json`;
await writeFile(path.join(BENCH_DATA_DIR, resultsFile), JSON.stringify(results, null, 2));
log(`results: .local/bench/${resultsFile}`);
process.exit(process.exitCode ?? 0);
