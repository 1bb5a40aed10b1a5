// npm run bench:events — how fast consumers take events (docs/decisions/0320-events-in-batches.md), before (one
// transaction and one offset commit per event: EVENT_BATCH_SIZE=1) and now (batches), in the same run:
//
// 1. Drain into cases: a backlog of BENCH_EVENTS_BACKLOG (1,000) StudyImported events of a company of its own, as
//    after a broker outage. THIS STOPS THE CASES PROCESS for about a minute per mode: it stops cases
//    (.local/run/cases.pid), publishes the backlog to imaging.study.v1 as imaging's relay does, starts cases again
//    itself with EVENT_BATCH_SIZE set for the mode, and counts the company's cases until all are there (events/s from
//    the first case to the last), then waits until the cases.worklist group has read everything (imaging.study.v1 and
//    the CaseCreated events the cases made, on cases.case.v1). At the end `node scripts/stack.mjs start` brings cases
//    back as npm start runs it. Run it when no one else needs the cases service.
// 2. Idle commit → consumed: events committed one per transaction 10–60 ms apart through the outbox relay (LISTEN/NOTIFY)
//    and the kit's EventConsumer in this process, the measure of bench:outbox (commit-to-consumed.mjs); "consumed" is
//    when the handler runs, in the consumer's transaction. BENCH_EVENTS (200) per mode.
//
// Uses the built libraries (bash scripts/build.sh), the running stack and deploy/local/env.sh.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { EVENT_HEADERS, SERVICE_PORTS, StudyImportedV1, TOPICS } from '@rayworks/contracts';
import { EventConsumer, PgListener, createKafka, createLogger } from '@rayworks/nest-kit';
import { eventEnvelope, importedStudy, infraEnv, provisionTenant, uniqueTenantName } from '@rayworks/testing';
import { ROOT, processEnv, processTable } from '../lib/processes.mjs';
import { machine } from './machine.mjs';
import { latencyTable, openCommitToConsumed } from './commit-to-consumed.mjs';

const BACKLOG = Number(process.env.BENCH_EVENTS_BACKLOG ?? 1000);
const IDLE_EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const MODES = [
  { name: 'one transaction per event (before)', batchSize: 1 },
  { name: 'batches of up to 100 (now)', batchSize: 100 },
].filter(
  (m) => !process.env.BENCH_EVENTS_MODES || process.env.BENCH_EVENTS_MODES.split(',').includes(String(m.batchSize)),
);
/** A directory: the cases process of each mode writes a CPU profile there (node --cpu-prof) when it stops. */
const CPU_PROFILE_DIR = process.env.BENCH_EVENTS_CPU_PROF;
const CASES_GROUP = 'cases.worklist';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pidFile = path.join(ROOT, '.local/run/cases.pid');
const logFile = path.join(ROOT, '.local/logs/cases.log');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const casesPid = () => {
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    return pid && alive(pid) ? pid : null;
  } catch {
    return null;
  }
};

async function stopCases() {
  const pid = casesPid();
  if (!pid) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 600 && alive(pid); i++) await sleep(100);
  if (alive(pid)) throw new Error(`cases (pid ${pid}) did not stop`);
}

/** Starts cases as npm start does, with EVENT_BATCH_SIZE for the mode; answers when it is ready. */
async function startCases(batchSize) {
  const proc = processTable().find((p) => p.name === 'cases');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      '--disable-warning=TimeoutNegativeWarning',
      ...(CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : []),
      path.join(ROOT, proc.entry),
    ],
    {
      cwd: ROOT,
      env: { ...processEnv(proc), EVENT_BATCH_SIZE: String(batchSize) },
      detached: true,
      stdio: ['ignore', out, out],
    },
  );
  fs.writeFileSync(pidFile, String(child.pid));
  child.unref();
  const startedAt = performance.now();
  for (let i = 0; i < 1200; i++) {
    if (!alive(child.pid)) throw new Error(`cases exited: see ${logFile}`);
    const ok = await fetch(`http://127.0.0.1:${SERVICE_PORTS.cases}/health/ready`, {
      signal: AbortSignal.timeout(2000),
    })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return { pid: child.pid, startedAt, readyAt: performance.now() };
    await sleep(100);
  }
  throw new Error('cases did not get ready');
}

/** The backlog: StudyImported envelopes as imaging's relay sends them (key = study, the event's headers, acks all). */
async function publishBacklog(kafka, tenantId, centre, prefix) {
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  const messages = [];
  for (let i = 0; i < BACKLOG; i++) {
    const id = randomUUID();
    const studyInstanceUid = `${prefix}.${i + 1}`;
    const envelope = eventEnvelope(
      StudyImportedV1,
      tenantId,
      importedStudy({
        studyInstanceUid,
        groupId: centre.groupId,
        centreId: centre.centreId,
        patientName: `BENCH^EVENTS${i + 1}`,
        patientId: `BEV${i + 1}`,
      }),
      id,
      'bench-events',
    );
    messages.push({
      key: studyInstanceUid,
      value: JSON.stringify(envelope),
      headers: {
        [EVENT_HEADERS.type]: envelope.type,
        [EVENT_HEADERS.version]: String(envelope.version),
        [EVENT_HEADERS.correlationId]: envelope.correlationId,
        [EVENT_HEADERS.tenantId]: tenantId,
      },
    });
  }
  for (let i = 0; i < messages.length; i += 200)
    await producer.send({ topic: StudyImportedV1.topic, acks: -1, messages: messages.slice(i, i + 200) });
  await producer.disconnect();
}

/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** How many of the mode's studies the cases service has made cases of (as the owner, in the company). */
async function casesOf(client, tenantId, prefix) {
  await client.query('BEGIN');
  try {
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
    // tenant_id named: row-level security's OR keeps it out of the index, and a scan of a million cases per poll
    // (the worklist bench's seed) would slow the drain it measures
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM cases.cases WHERE tenant_id = $2 AND study_instance_uid LIKE $1`,
      [`${prefix}.%`, tenantId],
    );
    return rows[0].n;
  } finally {
    await client.query('COMMIT');
  }
}

/** The cases group's lag on a topic (end offsets − committed, over its partitions). */
async function lag(admin, topic) {
  const ends = await admin.fetchTopicOffsets(topic);
  const [committed] = await admin.fetchOffsets({ groupId: CASES_GROUP, topics: [topic] });
  let total = 0;
  for (const end of ends) {
    const at = committed.partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
    total += Number(end.high) - Math.max(0, Number(at));
  }
  return total;
}

async function drain(mode, kafka, admin, client, tenant) {
  const prefix = `1.2.826.0.1.3680043.10.1020.${Date.now()}`;
  const caughtUp = async () => (await lag(admin, TOPICS.imagingStudy)) + (await lag(admin, TOPICS.casesCase)) === 0;
  // the group has read what came before, so the backlog is the mode's alone
  for (let i = 0; i < 300 && !(await caughtUp()); i++) await sleep(200);
  console.log(
    `  ${mode.name}: stopping cases, publishing ${BACKLOG} StudyImported, starting cases (EVENT_BATCH_SIZE=${mode.batchSize})`,
  );
  await stopCases();
  await publishBacklog(kafka, tenant.tenantId, tenant, prefix);
  const { pid, startedAt, readyAt } = await startCases(mode.batchSize);
  const cpuAtReady = cpuSeconds(pid);
  let first;
  let count = 0;
  const deadline = Date.now() + 15 * 60_000;
  while (count < BACKLOG && Date.now() < deadline) {
    count = await casesOf(client, tenant.tenantId, prefix);
    if (count > 0 && !first) first = { at: performance.now(), count };
    if (count < BACKLOG) await sleep(50);
  }
  const allAt = performance.now();
  const cpuAtAll = cpuSeconds(pid);
  for (let i = 0; i < 3000 && !(await caughtUp()); i++) await sleep(200);
  const drainedAt = performance.now();
  return {
    mode: mode.name,
    cases: count,
    readyS: (readyAt - startedAt) / 1000,
    rate: first && allAt > first.at ? (count - first.count) / ((allAt - first.at) / 1000) : undefined,
    allS: (allAt - startedAt) / 1000,
    cpuMsPerEvent: ((cpuAtAll - cpuAtReady) * 1000) / BACKLOG,
    drainedS: (drainedAt - startedAt) / 1000,
  };
}

async function idleLatency() {
  const bench = await openCommitToConsumed('events');
  // the kit's consumer validates payloads with the definition's schema (safeParse): every payload is the bench's
  const event = { ...bench.event, schema: { ...bench.event.schema, safeParse: (data) => ({ success: true, data }) } };
  const listener = new PgListener(bench.roleUrl, bench.logger, 'bench-events-listen');
  const results = [];
  try {
    for (const mode of MODES) {
      const consumedAt = new Map();
      const consumer = new EventConsumer(bench.dataSource, bench.kafka, bench.schema, bench.logger, {
        groupId: `bench-events.idle-${mode.batchSize}-${bench.schema}`,
        topics: [bench.topic],
        batchSize: mode.batchSize,
      });
      consumer.on(event, async (e) => void consumedAt.set(e.payload.seq, performance.now()));
      await consumer.start();
      for (let i = 0; i < 300 && consumer.status().state !== 'joined'; i++) await sleep(100);
      const base = mode.batchSize * 1_000_000;
      await bench.measure('warm-up', { listener }, base + 900_000, 20, consumedAt);
      results.push(await bench.measure(mode.name, { listener }, base, IDLE_EVENTS, consumedAt));
      await consumer.stop();
    }
  } finally {
    await listener.stop();
    await bench.close();
  }
  return results;
}

async function main() {
  const kafka = createKafka('bench-events', infraEnv().kafkaBrokers, createLogger('bench-events', 'error'));
  const admin = kafka.admin();
  await admin.connect();
  const client = new pg.Client({ connectionString: infraEnv().ownerDatabaseUrl });
  await client.connect();
  const name = uniqueTenantName('benchevents');
  const provisioned = await provisionTenant({
    company: { name: `Bench ${name}`, code: `bench-${name}` },
    groups: [{ key: 'g', name: `Group ${name}`, code: `G${name.toUpperCase().slice(-10)}` }],
    centres: [{ key: 'c1', name: `Centre ${name}`, code: `C${name.toUpperCase().slice(-10)}`, group: 'g' }],
  });
  const tenant = {
    tenantId: provisioned.tenantId,
    groupId: provisioned.groups.g,
    centreId: provisioned.centres.c1,
  };
  console.log(
    `bench:events — company ${provisioned.tenantId} (${name}); load average before ${machine().loadAverage.join(' ')}`,
  );

  const drains = [];
  try {
    for (const mode of MODES) drains.push(await drain(mode, kafka, admin, client, tenant));
  } finally {
    await stopCases().catch(() => undefined);
    console.log('  bringing cases back: node scripts/stack.mjs start');
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/stack.mjs'), 'start'], {
      cwd: ROOT,
      env: process.env,
    }).catch((error) => ({ stdout: `${error.stdout ?? ''}${error.stderr ?? ''}` }));
    console.log(
      stdout
        .split('\n')
        .filter((l) => /cases\b/.test(l))
        .join('\n'),
    );
  }
  const afterDrain = machine();
  const idle = process.env.BENCH_EVENTS_IDLE === '0' ? [] : await idleLatency();
  const m = machine();

  console.log(
    `\nbench:events — machine: ${m.cpus} × ${m.cpu}, ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}` +
      `\nload average after the drains ${afterDrain.loadAverage.join(' ')}, after the idle runs ${m.loadAverage.join(' ')}` +
      `\ndate: ${new Date().toISOString()}\n`,
  );
  console.log(`drain of ${BACKLOG} StudyImported into cases (cases stopped while they were published)\n`);
  console.log(
    '| mode | cases made | cases ready after | events/s (first case → last) | all cases after | group caught up after | cases CPU per event |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const d of drains)
    console.log(
      `| ${d.mode} | ${d.cases} | ${d.readyS.toFixed(1)} s | ${d.rate === undefined ? '—' : d.rate.toFixed(0)} | ${d.allS.toFixed(1)} s | ${d.drainedS.toFixed(1)} s | ${d.cpuMsPerEvent.toFixed(1)} ms |`,
    );
  console.log(
    `\nidle commit → consumed (outbox relay → Kafka → the kit's EventConsumer), ${IDLE_EVENTS} events per mode\n`,
  );
  console.log(latencyTable(idle));

  await client.end();
  await admin.disconnect();
  const failed = drains.some((d) => d.cases < BACKLOG) || idle.some((r) => r.missing > 0);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
