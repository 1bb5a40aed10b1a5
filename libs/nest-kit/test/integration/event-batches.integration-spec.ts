import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager, QueryRunner } from 'typeorm';
import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import { deadLetterTopic, type EventEnvelope } from '@rayworks/contracts';
import { EventConsumer, addDeadLetterTenant, createEventTables, createKafka, createLogger } from '../../src/index.js';
import { consumerLag, createTopics, eventually, infraEnv, testKafka, uniqueSuffix } from '@rayworks/testing';
import { createScratchSchema } from '../support/scratch-schema.js';
// @ts-expect-error plain ESM fixture shared with the consumer process
import { itemRecorded } from '../support/fixtures/item-recorded.mjs';

/**
 * Events applied in batches (docs/decisions/0320-events-in-batches.md) on the real Kafka and PostgreSQL: the records
 * one fetch brings are applied in one transaction, each event exactly once — a duplicate inside the batch and a
 * redelivery of an event applied before have no second effect — and a record that fails is retried and
 * dead-lettered alone, as before, while the records around it are applied.
 */
describe('events in batches', () => {
  const topic = `it.batches.${uniqueSuffix()}.v1`;
  const groupId = `it-consumer.batches-${uniqueSuffix()}`;
  const tenantId = uuidv4();
  const kafka = testKafka();
  const logger = createLogger('it-batches', 'silent');
  let scratch: Awaited<ReturnType<typeof createScratchSchema>>;
  let failingCalls = 0;

  const envelope = (seq: number, id: string = uuidv7()) => ({
    id,
    type: 'ItemRecorded',
    version: 1,
    occurredAt: new Date().toISOString(),
    tenantId,
    actor: { type: 'system', id: 'it' },
    correlationId: `corr-${seq}`,
    causationId: null,
    payload: { key: 'k', seq },
  });

  /** The kit's consumer over the scratch schema; its effect row records the transaction it ran in. */
  const consumerOf = () => {
    const consumer = new EventConsumer(
      scratch.dataSource,
      createKafka('it-batches', infraEnv().kafkaBrokers, logger),
      scratch.schema,
      logger,
      { groupId, topics: [topic], maxAttempts: 3, retryBackoffMs: 20, batchSize: 100 },
    );
    consumer.on(itemRecorded(topic), async (event: EventEnvelope<unknown>, manager: EntityManager) => {
      const { seq } = event.payload as { seq: number };
      // seq 13 fails every time (a dependency that stays down): retried alone, then dead-lettered
      if (seq === 13 && ++failingCalls) throw new Error('dependency still down');
      await manager.query(
        `INSERT INTO ${scratch.schema}.effects (event_id, tenant_id, seq, tx) VALUES ($1, $2, $3, txid_current())`,
        [event.id, event.tenantId, seq],
      );
    });
    return consumer;
  };

  const send = async (values: string[]) => {
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, messages: values.map((value) => ({ key: 'k', value })) });
    await producer.disconnect();
  };
  const caughtUp = () =>
    eventually(
      () => consumerLag(kafka, groupId, topic),
      (lag) => lag === 0,
      { what: 'consumer past every message', timeoutMs: 60_000 },
    );
  const effects = async () =>
    (await scratch.dataSource.query(`SELECT event_id, seq, tx FROM ${scratch.schema}.effects ORDER BY id`)) as {
      event_id: string;
      seq: number;
      tx: string;
    }[];

  beforeAll(async () => {
    scratch = await createScratchSchema('it_batches', async (schema, client) => {
      await createEventTables(client as unknown as QueryRunner, schema);
      await addDeadLetterTenant(client, schema);
      await client.query(
        `CREATE TABLE ${schema}.effects (id bigserial PRIMARY KEY, event_id uuid NOT NULL, tenant_id uuid, seq int NOT NULL, tx bigint NOT NULL)`,
      );
    });
    await createTopics(kafka, [topic], 1);
    await createTopics(kafka, [deadLetterTopic(topic)], 1);
  });

  afterAll(async () => {
    await scratch?.drop();
  });

  it('applies a batch in one transaction, once per event, and a failing record alone without losing the others', async () => {
    // an event applied before: its redelivery comes in the next batch
    const redelivered = envelope(0);
    await send([JSON.stringify(redelivered)]);
    const first = consumerOf();
    await first.start();
    await caughtUp();
    await first.stop();
    expect((await effects()).map((e) => e.seq)).toEqual([0]);

    // one fetch while no consumer runs: a backlog, as after an outage
    const twice = envelope(2);
    const backlog = [
      envelope(1),
      twice,
      twice, // the same event twice in the batch
      redelivered, // applied by the first consumer
      envelope(3),
      envelope(4),
      envelope(5),
      envelope(13), // fails every time
      envelope(6),
      envelope(7),
      envelope(8),
      envelope(9),
      envelope(10),
    ];
    await send(backlog.map((e) => JSON.stringify(e)));
    const second = consumerOf();
    await second.start();
    try {
      await caughtUp();
    } finally {
      await second.stop();
    }

    const applied = await effects();
    // every event once, in order; the redelivery and the duplicate had no second effect, the failing one none
    expect(applied.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(applied.map((e) => e.event_id)).size).toBe(applied.length);
    const [inbox] = await scratch.dataSource.query(`SELECT count(*)::int AS n FROM ${scratch.schema}.inbox`);
    expect(inbox.n).toBe(11);
    // the records before the failing one in one transaction, those after it in another (before: one per event)
    const txOf = (seqs: number[]) => new Set(applied.filter((e) => seqs.includes(e.seq)).map((e) => e.tx));
    expect(txOf([1, 2, 3, 4, 5]).size).toBe(1);
    expect(txOf([6, 7, 8, 9, 10]).size).toBe(1);
    // the failing record: its batch run was its first attempt, then alone until the attempts ran out, then dead-lettered
    expect(failingCalls).toBe(3);
    const dead = await scratch.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
      return manager.query(`SELECT "offset", attempts, error FROM ${scratch.schema}.dead_letters ORDER BY id`);
    });
    expect(dead).toEqual([{ offset: '8', attempts: 3, error: 'dependency still down' }]);
  }, 120_000);
});

/**
 * A batch handler (docs/decisions/0323-batch-handlers.md) on the real Kafka and PostgreSQL: it gets the new events of a
 * batch at once, per company with that company's tenant set, in order and once each (a duplicate in the batch and a
 * redelivery never reach it); when it fails on several, each is applied alone and only the one that keeps failing
 * is dead-lettered.
 */
describe('a batch handler', () => {
  const topic = `it.batch-handler.${uniqueSuffix()}.v1`;
  const groupId = `it-consumer.batch-handler-${uniqueSuffix()}`;
  const [t1, t2] = [uuidv4(), uuidv4()];
  const kafka = testKafka();
  const logger = createLogger('it-batch-handler', 'silent');
  let scratch: Awaited<ReturnType<typeof createScratchSchema>>;
  /** Each call of the handler: the company and the seqs it was given. */
  const calls: { tenantId: string | null; seqs: number[] }[] = [];

  const envelope = (tenantId: string, seq: number, id: string = uuidv7()) => ({
    id,
    type: 'ItemRecorded',
    version: 1,
    occurredAt: new Date().toISOString(),
    tenantId,
    actor: { type: 'system', id: 'it' },
    correlationId: `corr-${seq}`,
    causationId: null,
    payload: { key: 'k', seq },
  });

  const consumerOf = () => {
    const consumer = new EventConsumer(
      scratch.dataSource,
      createKafka('it-batch-handler', infraEnv().kafkaBrokers, logger),
      scratch.schema,
      logger,
      { groupId, topics: [topic], maxAttempts: 3, retryBackoffMs: 20, batchSize: 100 },
    );
    consumer.onBatch([itemRecorded(topic)], async (events: EventEnvelope<unknown>[], manager: EntityManager) => {
      const seqs = events.map((e) => (e.payload as { seq: number }).seq);
      calls.push({ tenantId: events[0]!.tenantId, seqs });
      // seq 13 fails every time: the run it is in is applied record by record, and it is dead-lettered alone
      if (seqs.includes(13)) throw new Error('dependency still down');
      // one statement for the whole list; the tenant the transaction runs for is recorded beside each row
      await manager.query(
        `INSERT INTO ${scratch.schema}.effects (event_id, tenant_id, seq, tx, tenant_seen)
         SELECT e.id, e.tenant, e.seq, txid_current(), current_setting('app.tenant_id', true)
           FROM unnest($1::uuid[], $2::uuid[], $3::int[]) AS e(id, tenant, seq)`,
        [events.map((e) => e.id), events.map((e) => e.tenantId), seqs],
      );
    });
    return consumer;
  };

  const send = async (values: object[]) => {
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, messages: values.map((value) => ({ key: 'k', value: JSON.stringify(value) })) });
    await producer.disconnect();
  };
  /** Sends a backlog while no consumer runs, then consumes until the group is past it. */
  const consume = async (values: object[]) => {
    await send(values);
    const consumer = consumerOf();
    await consumer.start();
    try {
      await eventually(
        () => consumerLag(kafka, groupId, topic),
        (lag) => lag === 0,
        { what: 'consumer past every message', timeoutMs: 60_000 },
      );
    } finally {
      await consumer.stop();
    }
  };
  const effects = async () =>
    (await scratch.dataSource.query(
      `SELECT event_id, tenant_id, seq, tx, tenant_seen FROM ${scratch.schema}.effects ORDER BY id`,
    )) as { event_id: string; tenant_id: string; seq: number; tx: string; tenant_seen: string }[];

  beforeAll(async () => {
    scratch = await createScratchSchema('it_bhandler', async (schema, client) => {
      await createEventTables(client as unknown as QueryRunner, schema);
      await addDeadLetterTenant(client, schema);
      await client.query(
        `CREATE TABLE ${schema}.effects (id bigserial PRIMARY KEY, event_id uuid NOT NULL, tenant_id uuid, seq int NOT NULL, tx bigint NOT NULL, tenant_seen text)`,
      );
    });
    await createTopics(kafka, [topic], 1);
    await createTopics(kafka, [deadLetterTopic(topic)], 1);
  });

  afterAll(async () => {
    await scratch?.drop();
  });

  it('gets the new events of a batch at once, per company with its tenant set, each once and in order', async () => {
    const before = envelope(t1, 0);
    await consume([before]);
    expect(calls).toEqual([{ tenantId: t1, seqs: [0] }]);
    calls.length = 0;

    const twice = envelope(t1, 2);
    await consume([
      envelope(t1, 1),
      twice,
      envelope(t2, 3),
      twice, // the same event twice in the batch
      before, // applied by the first consumer
      envelope(t1, 4),
      envelope(t2, 5),
    ]);
    // one call per company, in the order each first appears, each company's events in their order
    expect(calls).toEqual([
      { tenantId: t1, seqs: [1, 2, 4] },
      { tenantId: t2, seqs: [3, 5] },
    ]);
    const applied = await effects();
    expect(applied.map((e) => e.seq)).toEqual([0, 1, 2, 4, 3, 5]);
    expect(applied.every((e) => e.tenant_seen === e.tenant_id)).toBe(true);
    expect(new Set(applied.filter((e) => e.seq > 0).map((e) => e.tx)).size).toBe(1);
  }, 120_000);

  it('applies the events of a failed call alone, and dead-letters only the one that keeps failing', async () => {
    calls.length = 0;
    await consume([envelope(t1, 20), envelope(t1, 13), envelope(t2, 21), envelope(t1, 22)]);
    // the batch's call for t1 failed (t2's never ran): then each record alone, 13 three times, then dead-lettered
    expect(calls).toEqual([
      { tenantId: t1, seqs: [20, 13, 22] },
      { tenantId: t1, seqs: [20] },
      { tenantId: t1, seqs: [13] },
      { tenantId: t1, seqs: [13] },
      { tenantId: t1, seqs: [13] },
      { tenantId: t2, seqs: [21] },
      { tenantId: t1, seqs: [22] },
    ]);
    expect((await effects()).map((e) => e.seq).slice(-3)).toEqual([20, 21, 22]);
    const dead = await scratch.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT set_config('app.tenant_id', $1, true)`, [t1]);
      return manager.query(`SELECT attempts, error FROM ${scratch.schema}.dead_letters ORDER BY id`);
    });
    expect(dead).toEqual([{ attempts: 3, error: 'dependency still down' }]);
  }, 120_000);
});
