// npm run bench:outbox — commit → consumed latency of outbox events on the real PostgreSQL and Kafka, for the
// relay woken by LISTEN/NOTIFY and, in the same run, for the old 250 ms poll. Prints p50/p95/p99/max per mode.
//
// Each event is its own transaction (a state change plus its outbox row, as a create does), committed at a
// random gap of 10–60 ms so commits fall anywhere in the poll's cycle; "consumed" is when a plain kafkajs
// consumer in this process receives it. Uses the built libraries (bash scripts/build.sh) and the local
// infrastructure (deploy/local/env.sh); makes a throwaway schema, role and topic and removes them after.
//   BENCH_EVENTS (default 200 per mode)
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DataSource } from 'typeorm';
import {
  OutboxPublisher,
  OutboxRelay,
  PgListener,
  createEventTables,
  createJobOutboxAndWakeups,
  createKafka,
  createLogger,
  provisionServiceDatabase,
  runInTenant,
} from '@rayworks/nest-kit';

const N = Number(process.env.BENCH_EVENTS ?? 200);
const owner = process.env.DATABASE_URL;
const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
if (!owner || brokers.length === 0) {
  console.error('DATABASE_URL and KAFKA_BROKERS must be set: source deploy/local/env.sh');
  process.exit(1);
}
const suffix = randomBytes(4).toString('hex');
const schema = `bench_outbox_${suffix}`;
const role = 'rayworks_bench_outbox';
const roleUrl = (() => {
  const url = new URL(owner);
  url.username = role;
  url.password = 'rayworks';
  return url.toString();
})();
const topic = `bench.outbox.${suffix}.v1`;
const tenantId = '00000000-0000-4000-8000-00000000beef';
const logger = createLogger('bench-outbox', 'error');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const event = {
  type: 'BenchItemRecorded',
  version: 1,
  topic,
  schema: { parse: (payload) => payload },
};

async function withOwner(work) {
  const client = new pg.Client({ connectionString: owner });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  await provisionServiceDatabase(owner, roleUrl, schema);
  await withOwner(async (client) => {
    await createEventTables(client, schema);
    await createJobOutboxAndWakeups(client, schema);
    await client.query(
      `CREATE TABLE ${schema}.items (id bigserial PRIMARY KEY, tenant_id uuid NOT NULL, seq int NOT NULL)`,
    );
  });
  const dataSource = await new DataSource({
    type: 'postgres',
    url: roleUrl,
    schema,
    extra: { max: 5, options: `-c search_path=${schema}` },
  }).initialize();
  const kafka = createKafka('bench-outbox', brokers, logger);
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 3, replicationFactor: 1 }] });

  const consumedAt = new Map();
  const reader = kafka.consumer({ groupId: `bench-outbox-reader-${suffix}` });
  await reader.connect();
  await reader.subscribe({ topics: [topic], fromBeginning: true });
  await reader.run({
    eachMessage: async ({ message }) =>
      void consumedAt.set(JSON.parse(message.value.toString()).payload.seq, performance.now()),
  });
  const publisher = new OutboxPublisher(schema);

  async function measure(mode, relayOptions, firstSeq) {
    const relay = new OutboxRelay(dataSource, kafka, schema, logger, relayOptions);
    await relay.start();
    await sleep(500);
    const committedAt = new Map();
    for (let i = 0; i < N; i++) {
      const seq = firstSeq + i;
      await runInTenant(dataSource, tenantId, async (manager) => {
        await manager.query(`INSERT INTO ${schema}.items (tenant_id, seq) VALUES ($1, $2)`, [tenantId, seq]);
        await publisher.publish(manager, event, {
          payload: { seq },
          key: `item-${seq % 16}`,
          tenantId,
          actor: { type: 'system', id: 'bench' },
        });
      });
      committedAt.set(seq, performance.now());
      await sleep(10 + Math.random() * 50);
    }
    const deadline = Date.now() + 30_000;
    while ([...committedAt.keys()].some((seq) => !consumedAt.has(seq)) && Date.now() < deadline) await sleep(20);
    await relay.stop();
    const latencies = [...committedAt].map(([seq, at]) => consumedAt.get(seq) - at).filter((l) => !Number.isNaN(l));
    latencies.sort((a, b) => a - b);
    const missing = N - latencies.length;
    return {
      mode,
      events: latencies.length,
      missing,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1],
    };
  }

  const listener = new PgListener(roleUrl, logger, 'bench-outbox-listen');
  // Warm-up: connections, producer metadata, the reader's partition assignment.
  await measure('warm-up', { listener }, 1_000_000).then(() => undefined);
  const results = [];
  results.push(await measure('poll every 250 ms (before)', { pollIntervalMs: 250 }, 0));
  results.push(await measure('LISTEN/NOTIFY, 5 s fallback poll (now)', { listener }, 100_000));
  await listener.stop();

  console.log(
    `\noutbox commit → consumed, ${N} events per mode, one per transaction, 10–60 ms apart` +
      `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `${os.type()} ${os.release()}, Node ${process.version}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}` +
      `\ndate: ${new Date().toISOString()}\n`,
  );
  const ms = (v) => (v === undefined ? '—' : `${v.toFixed(1)} ms`);
  console.log('| mode | events | p50 | p95 | p99 | max |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.mode} | ${r.events}${r.missing ? ` (${r.missing} missing)` : ''} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} |`,
    );
  }

  await reader.disconnect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
  await dataSource.destroy();
  await withOwner((client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
  const failed = results.some((r) => r.missing > 0);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
