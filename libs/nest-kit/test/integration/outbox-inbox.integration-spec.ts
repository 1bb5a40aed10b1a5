import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { QueryRunner } from 'typeorm';
import { v4 as uuidv4 } from 'uuid';
import {
  OutboxPublisher,
  OutboxRelay,
  RelayCrash,
  createEventTables,
  createKafka,
  createLogger,
  runInTenant,
} from '../../src/index.js';
import {
  consumerLag,
  countRecords,
  crash,
  createTopics,
  eventually,
  infraEnv,
  stop,
  testKafka,
  uniqueSuffix,
} from '@rayworks/testing';
import { createScratchSchema } from '../support/scratch-schema.js';
import { startFixture } from '../support/fixtures.js';
// @ts-expect-error plain ESM fixture shared with the consumer process
import { itemRecorded } from '../support/fixtures/item-recorded.mjs';

const asRunner = (client: { query: (sql: string) => Promise<unknown> }) => client as unknown as QueryRunner;

/**
 * The event backbone end to end on the real PostgreSQL and Kafka: events written through one service's outbox
 * (its own schema and role) are handled exactly once by another service's consumer (another schema and role),
 * across a consumer crash in the middle of 1,000 events and a relay crash after publishing.
 */
describe('outbox → Kafka → inbox', () => {
  const topic = `it.items.${uniqueSuffix()}.v1`;
  const groupId = `it-consumer.items-${uniqueSuffix()}`;
  const tenantId = uuidv4();
  const logger = createLogger('it-outbox', 'silent');
  const kafka = testKafka();
  let producer: Awaited<ReturnType<typeof createScratchSchema>>;
  let consumer: Awaited<ReturnType<typeof createScratchSchema>>;
  let relay: OutboxRelay;
  const publisher = () => new OutboxPublisher(producer.schema);

  const effects = async () => {
    const [row] = await consumer.dataSource.query(
      `SELECT count(*)::int AS total, count(DISTINCT event_id)::int AS distinct_events FROM ${consumer.schema}.effects`,
    );
    return row as { total: number; distinct_events: number };
  };

  const writeEvents = async (from: number, count: number, perTransaction = 100) => {
    for (let start = from; start < from + count; start += perTransaction) {
      await runInTenant(producer.dataSource, tenantId, async (manager) => {
        for (let seq = start; seq < Math.min(start + perTransaction, from + count); seq++) {
          await publisher().publish(manager, itemRecorded(topic), {
            payload: { key: `item-${seq % 20}`, seq },
            key: `item-${seq % 20}`,
            tenantId,
            actor: { type: 'system', id: 'it' },
          });
        }
      });
    }
  };

  const consumerEnv = () => ({
    DATABASE_URL: consumer.roleUrl,
    SCHEMA: consumer.schema,
    TOPIC: topic,
    GROUP_ID: groupId,
    KAFKA_BROKERS: infraEnv().kafkaBrokers.join(','),
  });

  beforeAll(async () => {
    producer = await createScratchSchema('it_producer', async (schema, client) => {
      await createEventTables(asRunner(client), schema);
    });
    consumer = await createScratchSchema('it_consumer', async (schema, client) => {
      await createEventTables(asRunner(client), schema);
      await client.query(
        `CREATE TABLE ${schema}.effects (id bigserial PRIMARY KEY, event_id uuid NOT NULL, tenant_id uuid, item_key text NOT NULL, seq int NOT NULL)`,
      );
    });
    await createTopics(kafka, [topic]);
    relay = new OutboxRelay(
      producer.dataSource,
      createKafka('it-relay', infraEnv().kafkaBrokers, logger),
      producer.schema,
      logger,
      {
        batchSize: 100,
        pollIntervalMs: 50,
      },
    );
  });

  afterAll(async () => {
    await relay?.stop();
    await producer?.drop();
    await consumer?.drop();
  });

  it('handles each of 1,000 events exactly once although the consumer is killed mid-stream', async () => {
    await writeEvents(0, 1000);
    await relay.start();
    const first = startFixture('event-consumer.mjs', consumerEnv());
    await eventually(effects, (e) => e.total >= 300, { what: '300 effects before the crash', timeoutMs: 60_000 });
    await crash(first);
    const atCrash = await effects();
    expect(atCrash.total).toBeLessThan(1000);

    const second = startFixture('event-consumer.mjs', consumerEnv());
    try {
      await eventually(effects, (e) => e.distinct_events === 1000, {
        what: 'all 1,000 events handled',
        timeoutMs: 90_000,
      });
      // Let any redelivery after the restart arrive, then count again: still one effect per event.
      await eventually(
        () => consumerLag(kafka, groupId, topic),
        (lag) => lag === 0,
        { what: 'consumer caught up', timeoutMs: 60_000 },
      );
      expect(await countRecords(kafka, topic)).toBe(1000);
      expect(await effects()).toEqual({ total: 1000, distinct_events: 1000 });
      const [inbox] = await consumer.dataSource.query(`SELECT count(*)::int AS n FROM ${consumer.schema}.inbox`);
      expect(inbox.n).toBe(1000);
      // One aggregate's events keep their order: within each key, effects were applied in seq order.
      const outOfOrder = await consumer.dataSource.query(
        `SELECT item_key FROM (SELECT item_key, seq, lag(seq) OVER (PARTITION BY item_key ORDER BY id) AS prev FROM ${consumer.schema}.effects) t
          WHERE prev IS NOT NULL AND seq < prev LIMIT 1`,
      );
      expect(outOfOrder).toEqual([]);
      // Every effect ran with the event's tenant.
      const [tenants] = await consumer.dataSource.query(
        `SELECT count(DISTINCT tenant_id)::int AS n, min(tenant_id::text) AS t FROM ${consumer.schema}.effects`,
      );
      expect(tenants).toEqual({ n: 1, t: tenantId });
    } finally {
      await stop(second);
    }
    const [unpublished] = await producer.dataSource.query(
      `SELECT count(*)::int AS n FROM ${producer.schema}.outbox WHERE published_at IS NULL`,
    );
    expect(unpublished.n).toBe(0);
  }, 240_000);

  it('suppresses the duplicates a relay publishes when it dies after publishing and before marking rows sent', async () => {
    await relay.stop();
    const before = await effects();
    await writeEvents(5000, 50);

    await expect(relay.publishBatch('crash-after-publish')).rejects.toBeInstanceOf(RelayCrash);
    const [stillPending] = await producer.dataSource.query(
      `SELECT count(*)::int AS n FROM ${producer.schema}.outbox WHERE published_at IS NULL`,
    );
    expect(stillPending.n).toBe(50);
    expect(await relay.publishBatch()).toBe(50);

    // Kafka now holds the 50 events twice ...
    expect(await countRecords(kafka, topic)).toBe(before.total + 100);
    const consumerProcess = startFixture('event-consumer.mjs', consumerEnv());
    try {
      // ... and the consumer's inbox lets each have one effect.
      await eventually(
        () => consumerLag(kafka, groupId, topic),
        (lag) => lag === 0,
        { what: 'consumer caught up', timeoutMs: 60_000 },
      );
      const after = await effects();
      expect(after.distinct_events).toBe(before.distinct_events + 50);
      expect(after.total).toBe(before.total + 50);
    } finally {
      await stop(consumerProcess);
    }
  }, 120_000);
});
