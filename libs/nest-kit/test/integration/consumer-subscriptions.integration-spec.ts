import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager, QueryRunner } from 'typeorm';
import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import type { EventEnvelope } from '@rayworks/contracts';
import { EventConsumer, createEventTables, createKafka, createLogger } from '../../src/index.js';
import { consumerLag, createTopics, eventually, infraEnv, testKafka, uniqueSuffix } from '@rayworks/testing';
import { createScratchSchema } from '../support/scratch-schema.js';
// @ts-expect-error plain ESM fixture shared with the consumer process
import { itemRecorded, recordEffect } from '../support/fixtures/item-recorded.mjs';

/**
 * What a consumer group reads and when its offsets move, on the real Kafka: only the topics it has handlers
 * for (so a handler added later reads its topic's whole history), and an offset only after the inbox record of
 * its event is committed.
 */
describe('consumer subscriptions and offsets', () => {
  const suffix = uniqueSuffix();
  const topicA = `it.subs-a.${suffix}.v1`;
  const topicB = `it.subs-b.${suffix}.v1`;
  const topicC = `it.subs-c.${suffix}.v1`;
  const tenantId = uuidv4();
  const kafka = testKafka();
  const logger = createLogger('it-subs', 'silent');
  const consumers: EventConsumer[] = [];
  let scratch: Awaited<ReturnType<typeof createScratchSchema>>;

  const envelope = (key: string, seq: number) => ({
    id: uuidv7(),
    type: 'ItemRecorded',
    version: 1,
    occurredAt: new Date().toISOString(),
    tenantId,
    actor: { type: 'system', id: 'it' },
    correlationId: `corr-${key}-${seq}`,
    causationId: null,
    payload: { key, seq },
  });

  const send = async (topic: string, key: string, seqs: number[]) => {
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({
      topic,
      messages: seqs.map((seq) => ({ key, value: JSON.stringify(envelope(key, seq)) })),
    });
    await producer.disconnect();
  };

  const effects = async (key: string): Promise<number[]> =>
    (
      await scratch.dataSource.query(`SELECT seq FROM ${scratch.schema}.effects WHERE item_key = $1 ORDER BY seq`, [
        key,
      ])
    ).map((r: { seq: number }) => r.seq);

  const committed = async (groupId: string, topic: string): Promise<string[]> => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
      return offsets.partitions.map((p) => p.offset);
    } finally {
      await admin.disconnect();
    }
  };

  const consumer = (groupId: string, topics?: string[]) => {
    const c = new EventConsumer(
      scratch.dataSource,
      createKafka('it-subs', infraEnv().kafkaBrokers, logger),
      scratch.schema,
      logger,
      { groupId, topics, retryBackoffMs: 20 },
    );
    consumers.push(c);
    return c;
  };

  beforeAll(async () => {
    scratch = await createScratchSchema('it_subs', async (schema, client) => {
      await createEventTables(client as unknown as QueryRunner, schema);
      await client.query(
        `CREATE TABLE ${schema}.effects (id bigserial PRIMARY KEY, event_id uuid NOT NULL, tenant_id uuid, item_key text NOT NULL, seq int NOT NULL)`,
      );
    });
    await createTopics(kafka, [topicA, topicB, topicC], 1);
  });

  afterAll(async () => {
    for (const c of consumers) await c.stop();
    await scratch?.drop();
  });

  it('refuses a handler for a topic outside the service subscriptions', () => {
    expect(() => consumer('it-subs.refuse', [topicA]).on(itemRecorded(topicB), recordEffect('x'))).toThrow(
      /may not read .*SERVICE_SUBSCRIPTIONS/,
    );
  });

  it('reads only the topics it handles, and a handler added later reads its topic from the beginning', async () => {
    const groupId = `it-subs.history-${suffix}`;
    await send(topicA, 'a', [1, 2, 3, 4, 5]);
    await send(topicB, 'b', [1, 2, 3, 4, 5, 6, 7]);

    // Today's service handles A only, though its subscriptions allow A and B.
    const today = consumer(groupId, [topicA, topicB]).on(itemRecorded(topicA), recordEffect(scratch.schema));
    expect(today.topics()).toEqual([topicA]);
    await today.start();
    await eventually(
      () => consumerLag(kafka, groupId, topicA),
      (lag) => lag === 0,
      { what: 'A consumed', timeoutMs: 60_000 },
    );
    expect(await effects('a')).toEqual([1, 2, 3, 4, 5]);
    // B was never read: the group holds no offset there.
    expect(await committed(groupId, topicB)).toEqual(['-1']);
    await today.stop();

    // More history on B while nobody handles it, then the next release adds a B handler to the same group.
    await send(topicB, 'b', [8, 9, 10]);
    const later = consumer(groupId, [topicA, topicB])
      .on(itemRecorded(topicA), recordEffect(scratch.schema))
      .on(itemRecorded(topicB), recordEffect(scratch.schema));
    expect(later.topics()).toEqual([topicA, topicB].sort());
    await later.start();
    await eventually(
      () => effects('b'),
      (seqs) => seqs.length === 10,
      { what: 'the whole history of B handled', timeoutMs: 60_000 },
    );
    await eventually(
      () => consumerLag(kafka, groupId, topicB),
      (lag) => lag === 0,
      { what: 'B committed', timeoutMs: 30_000 },
    );
    expect(await effects('b')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // A was not read again from the beginning: its effects are still one per event.
    expect(await effects('a')).toEqual([1, 2, 3, 4, 5]);
    expect(await committed(groupId, topicB)).toEqual(['10']);
    await later.stop();
  }, 120_000);

  it('commits an offset only after the inbox record of its event is committed', async () => {
    const groupId = `it-subs.offsets-${suffix}`;
    let entered = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gated = consumer(groupId).on(
      itemRecorded(topicC),
      async (event: EventEnvelope<unknown>, m: EntityManager) => {
        entered++;
        await recordEffect(scratch.schema)(event, m);
        await gate;
      },
    );
    await gated.start();
    await send(topicC, 'c', [1]);
    await eventually(
      async () => entered,
      (n) => n === 1,
      { what: 'the handler to start', timeoutMs: 60_000 },
    );
    const inbox = async () =>
      (
        await scratch.dataSource.query(
          `SELECT count(*)::int AS n FROM ${scratch.schema}.inbox WHERE consumer_group = $1`,
          [groupId],
        )
      )[0].n as number;
    // The handler is inside its transaction: no inbox row is visible and the offset has not moved.
    expect(await inbox()).toBe(0);
    expect(await committed(groupId, topicC)).toEqual(['-1']);
    release();
    await eventually(
      () => committed(groupId, topicC),
      (o) => o[0] === '1',
      {
        what: 'the offset committed',
        timeoutMs: 30_000,
      },
    );
    expect(await inbox()).toBe(1);
    expect(await effects('c')).toEqual([1]);
    expect(entered).toBe(1);
  }, 120_000);
});
