import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KafkaMessage } from 'kafkajs';
import type { EntityManager, QueryRunner } from 'typeorm';
import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import { DEAD_LETTER_HEADERS, deadLetterTopic, type EventEnvelope } from '@rayworks/contracts';
import { EventConsumer, createEventTables, createKafka, createLogger } from '../../src/index.js';
import { consumerLag, createTopics, eventually, infraEnv, testKafka, uniqueSuffix } from '@rayworks/testing';
import { createScratchSchema } from '../support/scratch-schema.js';
// @ts-expect-error plain ESM fixture shared with the consumer process
import { itemRecorded, recordEffect } from '../support/fixtures/item-recorded.mjs';

/**
 * Poison messages on the real Kafka: after the retries they go to the dead-letter topic (and the service's
 * dead_letters table), and the consumer keeps consuming the events after them.
 */
describe('dead-letter topic', () => {
  const topic = `it.poison.${uniqueSuffix()}.v1`;
  const groupId = `it-consumer.poison-${uniqueSuffix()}`;
  const tenantId = uuidv4();
  const kafka = testKafka();
  const logger = createLogger('it-dlq', 'silent');
  let scratch: Awaited<ReturnType<typeof createScratchSchema>>;
  let consumer: EventConsumer;
  let flakyCalls = 0;

  const envelope = (version: number, seq: number, type = 'ItemRecorded') => ({
    id: uuidv7(),
    type,
    version,
    occurredAt: new Date().toISOString(),
    tenantId,
    actor: { type: 'system', id: 'it' },
    correlationId: `corr-${seq}`,
    causationId: null,
    payload: { key: 'k', seq },
  });

  beforeAll(async () => {
    scratch = await createScratchSchema('it_dlq', async (schema, client) => {
      await createEventTables(client as unknown as QueryRunner, schema);
      await client.query(
        `CREATE TABLE ${schema}.effects (id bigserial PRIMARY KEY, event_id uuid NOT NULL, tenant_id uuid, item_key text NOT NULL, seq int NOT NULL)`,
      );
    });
    await createTopics(kafka, [topic], 1);
    await createTopics(kafka, [deadLetterTopic(topic)], 1);
    const handle = recordEffect(scratch.schema);
    consumer = new EventConsumer(
      scratch.dataSource,
      createKafka('it-dlq', infraEnv().kafkaBrokers, logger),
      scratch.schema,
      logger,
      {
        groupId,
        topics: [topic],
        maxAttempts: 3,
        retryBackoffMs: 20,
      },
    );
    consumer.on(itemRecorded(topic), async (event: EventEnvelope<unknown>, manager: EntityManager) => {
      // seq 3 fails twice (a transient fault), then succeeds: retried, not dead-lettered.
      if ((event.payload as { seq: number }).seq === 3 && ++flakyCalls <= 2) throw new Error('transient fault');
      await handle(event, manager);
    });
    await consumer.start();
  });

  afterAll(async () => {
    await consumer?.stop();
    await scratch?.drop();
  });

  it('dead-letters bad JSON and an unknown version after the retries and keeps consuming', async () => {
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({
      topic,
      messages: [
        { key: 'k', value: JSON.stringify(envelope(1, 1)) },
        { key: 'k', value: '{"this is": not json' },
        { key: 'k', value: JSON.stringify(envelope(9, 2)) },
        { key: 'k', value: JSON.stringify(envelope(1, 3)) },
        { key: 'k', value: JSON.stringify({ ...envelope(1, 4), payload: { key: 'k', seq: 'four' } }) },
        { key: 'k', value: JSON.stringify(envelope(1, 5, 'SomethingElse')) },
        { key: 'k', value: JSON.stringify(envelope(1, 6)) },
      ],
    });
    await producer.disconnect();

    await eventually(
      () => consumerLag(kafka, groupId, topic),
      (lag) => lag === 0,
      { what: 'consumer past every message', timeoutMs: 60_000 },
    );
    const handled = await scratch.dataSource.query(`SELECT seq FROM ${scratch.schema}.effects ORDER BY id`);
    expect(handled.map((r: { seq: number }) => r.seq)).toEqual([1, 3, 6]);
    expect(flakyCalls).toBe(3);

    const dead = await readAll(deadLetterTopic(topic), 3);
    expect(dead.map((m) => m.headers![DEAD_LETTER_HEADERS.error]!.toString())).toEqual([
      'value is not valid JSON',
      'unknown version 9 of ItemRecorded',
      expect.stringContaining('invalid ItemRecorded payload'),
    ]);
    for (const m of dead) {
      expect(m.headers![DEAD_LETTER_HEADERS.attempts]!.toString()).toBe('3');
      expect(m.headers![DEAD_LETTER_HEADERS.originalTopic]!.toString()).toBe(topic);
      expect(m.headers![DEAD_LETTER_HEADERS.consumerGroup]!.toString()).toBe(groupId);
    }
    expect(dead[0].value!.toString()).toBe('{"this is": not json');

    const rows = await scratch.dataSource.query(
      `SELECT "offset", error FROM ${scratch.schema}.dead_letters ORDER BY id`,
    );
    expect(rows.map((r: { offset: string }) => r.offset)).toEqual(['1', '2', '4']);
  }, 120_000);

  async function readAll(fromTopic: string, expected: number): Promise<KafkaMessage[]> {
    const reader = kafka.consumer({ groupId: `it-reader-${uniqueSuffix()}` });
    const seen: KafkaMessage[] = [];
    await reader.connect();
    await reader.subscribe({ topics: [fromTopic], fromBeginning: true });
    await reader.run({ eachMessage: async ({ message }) => void seen.push(message) });
    try {
      await eventually(
        async () => seen.length,
        (n) => n >= expected,
        { what: `${expected} dead letters`, timeoutMs: 30_000 },
      );
      return seen;
    } finally {
      await reader.disconnect();
    }
  }
});
