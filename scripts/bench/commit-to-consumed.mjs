// Commit → consumed latency of outbox events on the real PostgreSQL and Kafka, shared by bench:outbox and
// bench:events: a throwaway schema (outbox, inbox, dead letters, an items table), role and topic; `measure` commits
// events one per transaction (a state change plus its outbox row, as a create does) at a random gap of 10–60 ms, so
// commits fall anywhere in a poll's cycle, and reads when each reached the consumer the caller runs (`consumedAt`,
// seq → performance.now()). Uses the built libraries (bash scripts/build.sh) and deploy/local/env.sh.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DataSource } from 'typeorm';
import {
  OutboxPublisher,
  OutboxRelay,
  createEventTables,
  createJobOutboxAndWakeups,
  createKafka,
  createLogger,
  provisionServiceDatabase,
  runInTenant,
} from '@rayworks/nest-kit';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The schema, role, data source and topic of one run (`label`: bench_<label>_…); `close` removes them. */
export async function openCommitToConsumed(label) {
  const owner = process.env.DATABASE_URL;
  const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
  if (!owner || brokers.length === 0) {
    console.error('DATABASE_URL and KAFKA_BROKERS must be set: source deploy/local/env.sh');
    process.exit(1);
  }
  const suffix = randomBytes(4).toString('hex');
  const schema = `bench_${label}_${suffix}`;
  const role = `rayworks_bench_${label}`;
  const roleUrl = (() => {
    const url = new URL(owner);
    url.username = role;
    url.password = 'rayworks';
    return url.toString();
  })();
  const topic = `bench.${label}.${suffix}.v1`;
  const tenantId = '00000000-0000-4000-8000-00000000beef';
  const logger = createLogger(`bench-${label}`, 'error');
  const event = { type: 'BenchItemRecorded', version: 1, topic, schema: { parse: (payload) => payload } };
  const withOwner = async (work) => {
    const client = new pg.Client({ connectionString: owner });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

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
  const kafka = createKafka(`bench-${label}`, brokers, logger);
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 3, replicationFactor: 1 }] });
  const publisher = new OutboxPublisher(schema);

  /** Commits `count` events from `firstSeq` through the relay (`relayOptions`); p50/p95/p99/max commit → consumed. */
  async function measure(mode, relayOptions, firstSeq, count, consumedAt) {
    const relay = new OutboxRelay(dataSource, kafka, schema, logger, relayOptions);
    await relay.start();
    await sleep(500);
    const committedAt = new Map();
    for (let i = 0; i < count; i++) {
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
    return {
      mode,
      events: latencies.length,
      missing: count - latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1],
    };
  }

  async function close() {
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
    await dataSource.destroy();
    await withOwner((client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
  }

  return { schema, roleUrl, topic, tenantId, logger, event, dataSource, kafka, measure, close };
}

/** The rows of a results table (markdown), one per mode. */
export function latencyTable(results) {
  const ms = (v) => (v === undefined ? '—' : `${v.toFixed(1)} ms`);
  const lines = ['| mode | events | p50 | p95 | p99 | max |', '|---|---|---|---|---|---|'];
  for (const r of results) {
    lines.push(
      `| ${r.mode} | ${r.events}${r.missing ? ` (${r.missing} missing)` : ''} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} |`,
    );
  }
  return lines.join('\n');
}
