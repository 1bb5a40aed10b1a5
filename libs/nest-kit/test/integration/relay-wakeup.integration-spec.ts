import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Consumer } from 'kafkajs';
import type { QueryRunner } from 'typeorm';
import { v4 as uuidv4 } from 'uuid';
import {
  OutboxPublisher,
  OutboxRelay,
  PgListener,
  createEventTables,
  createJobOutboxAndWakeups,
  createKafka,
  createLogger,
  runInTenant,
} from '../../src/index.js';
import { createTopics, eventually, infraEnv, testKafka, uniqueSuffix } from '@rayworks/testing';
import { createScratchSchema } from '../support/scratch-schema.js';
// @ts-expect-error plain ESM fixture shared with the consumer process
import { itemRecorded } from '../support/fixtures/item-recorded.mjs';

/** Half of the relay's one-minute poll here: an event published sooner was woken by its commit's NOTIFY. */
const WOKEN_WITHIN_MS = 30_000;

const asRunner = (client: { query: (sql: string) => Promise<unknown> }) => client as unknown as QueryRunner;

/**
 * The outbox relay publishes right after commit, woken by the NOTIFY its table's trigger sends when the
 * transaction commits, not on its poll (here a minute, so anything faster was the NOTIFY); and it goes on
 * after its LISTEN connection is cut. (The latency figures are docs/benchmarks.md's, from npm run bench:outbox.)
 */
describe('outbox relay woken at commit', () => {
  const topic = `it.wakeup.${uniqueSuffix()}.v1`;
  const tenantId = uuidv4();
  const logger = createLogger('it-wakeup', 'silent');
  const kafka = testKafka();
  const received = new Map<number, number>();
  let scratch: Awaited<ReturnType<typeof createScratchSchema>>;
  let listener: PgListener;
  let relay: OutboxRelay;
  let reader: Consumer;
  let publisher: OutboxPublisher;

  const write = (seq: number) =>
    runInTenant(scratch.dataSource, tenantId, (manager) =>
      publisher.publish(manager, itemRecorded(topic), {
        payload: { key: 'k', seq },
        key: 'k',
        tenantId,
        actor: { type: 'system', id: 'it' },
      }),
    );

  beforeAll(async () => {
    scratch = await createScratchSchema('it_wakeup', async (schema, client) => {
      await createEventTables(asRunner(client), schema);
      await createJobOutboxAndWakeups(asRunner(client), schema);
    });
    publisher = new OutboxPublisher(scratch.schema);
    await createTopics(kafka, [topic], 1);
    reader = kafka.consumer({ groupId: `it-wakeup-reader-${uniqueSuffix()}`, maxWaitTimeInMs: 100 });
    await reader.connect();
    await reader.subscribe({ topics: [topic], fromBeginning: true });
    await reader.run({
      eachMessage: async ({ message }) =>
        void received.set(JSON.parse(message.value!.toString()).payload.seq, Date.now()),
    });
    listener = new PgListener(scratch.roleUrl, logger, 'it-wakeup-listen');
    relay = new OutboxRelay(
      scratch.dataSource,
      createKafka('it-wakeup', infraEnv().kafkaBrokers, logger),
      scratch.schema,
      logger,
      { listener, pollIntervalMs: 60_000 },
    );
    await relay.start();
  });

  afterAll(async () => {
    await relay?.stop();
    await listener?.stop();
    await reader?.disconnect();
    await scratch?.drop();
  });

  it('publishes each committed event long before its one-minute poll would (woken at commit)', async () => {
    const latencies: number[] = [];
    for (let seq = 1; seq <= 20; seq++) {
      await write(seq);
      const committedAt = Date.now();
      await eventually(
        async () => received.get(seq),
        (at) => at !== undefined,
        { what: `event ${seq} on Kafka`, timeoutMs: WOKEN_WITHIN_MS, intervalMs: 5 },
      );
      latencies.push(received.get(seq)! - committedAt);
    }
    // Half the poll interval: only the NOTIFY can explain it, however busy the machine (a test asserts the mechanism,
    // not a speed; the speed is npm run bench:outbox's).
    expect(Math.max(...latencies)).toBeLessThan(WOKEN_WITHIN_MS);
    // The relay marks rows published right after Kafka acknowledges them (the reader may be a little faster).
    await eventually(
      async () =>
        (
          await scratch.dataSource.query(
            `SELECT count(*)::int AS n FROM ${scratch.schema}.outbox WHERE published_at IS NULL`,
          )
        )[0].n as number,
      (n) => n === 0,
      { what: 'every row marked published', intervalMs: 10 },
    );
  }, 60_000);

  it('wakes nobody for a rolled-back change, and keeps working after its LISTEN connection is cut', async () => {
    await expect(
      runInTenant(scratch.dataSource, tenantId, async (manager) => {
        await publisher.publish(manager, itemRecorded(topic), {
          payload: { key: 'k', seq: 100 },
          key: 'k',
          tenantId,
          actor: { type: 'system', id: 'it' },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    const listenerPids = async (): Promise<number[]> =>
      (
        await scratch.dataSource.query(
          `SELECT pid FROM pg_stat_activity WHERE application_name = 'it-wakeup-listen' ORDER BY pid`,
        )
      ).map((r: { pid: number }) => r.pid);
    const [before] = await listenerPids();
    expect(before).toBeDefined();
    await scratch.dataSource.query('SELECT pg_terminate_backend($1)', [before]);
    await eventually(listenerPids, (pids) => pids.length === 1 && pids[0] !== before, {
      what: 'the listener to reconnect',
      timeoutMs: 10_000,
      intervalMs: 20,
    });
    await write(21);
    await eventually(
      async () => received.get(21),
      (at) => at !== undefined,
      { what: 'event 21 after the reconnect', timeoutMs: WOKEN_WITHIN_MS, intervalMs: 5 },
    );
    expect(received.has(100)).toBe(false);
  }, 60_000);
});
