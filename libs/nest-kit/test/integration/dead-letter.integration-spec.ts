import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KafkaMessage } from 'kafkajs';
import type { EntityManager, QueryRunner } from 'typeorm';
import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import { DEAD_LETTER_HEADERS, deadLetterTopic, type EventEnvelope } from '@rayworks/contracts';
import {
  EventConsumer,
  addDeadLetterTenant,
  createEventTables,
  createKafka,
  createLogger,
  setTenant,
} from '../../src/index.js';
import {
  consumerLag,
  createTopics,
  eventually,
  infraEnv,
  testKafka,
  uniqueSuffix,
  withOwnerClient,
} from '@rayworks/testing';
import { createScratchSchema } from '../support/scratch-schema.js';
// @ts-expect-error plain ESM fixture shared with the consumer process
import { itemRecorded, recordEffect } from '../support/fixtures/item-recorded.mjs';

/**
 * Failed messages on the real Kafka: a message that can never succeed (bad JSON, no envelope, unknown version,
 * bad payload) goes to the dead-letter topic (and the service's dead_letters table) at once, without retries;
 * a transient failure is retried with back-off and dead-lettered when the retries run out; the consumer keeps
 * consuming the events after them.
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
  let brokenCalls = 0;

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
      await addDeadLetterTenant(client, schema);
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
      const { seq } = event.payload as { seq: number };
      if (seq === 3 && ++flakyCalls <= 2) throw new Error('transient fault');
      // seq 8 fails every time (a dependency that stays down): dead-lettered after the retries.
      if (seq === 8 && ++brokenCalls) throw new Error('dependency still down');
      await handle(event, manager);
    });
    await consumer.start();
  });

  afterAll(async () => {
    await consumer?.stop();
    await scratch?.drop();
  });

  it('dead-letters what can never succeed at once, a lasting failure after its retries, and keeps consuming', async () => {
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
        { key: 'k', value: JSON.stringify({ hello: 'not an envelope' }) },
        { key: 'k', value: JSON.stringify(envelope(1, 8)) },
        { key: 'k', value: JSON.stringify(envelope(1, 9)) },
      ],
    });
    await producer.disconnect();

    await eventually(
      () => consumerLag(kafka, groupId, topic),
      (lag) => lag === 0,
      { what: 'consumer past every message', timeoutMs: 60_000 },
    );
    const handled = await scratch.dataSource.query(`SELECT seq FROM ${scratch.schema}.effects ORDER BY id`);
    expect(handled.map((r: { seq: number }) => r.seq)).toEqual([1, 3, 6, 9]);
    expect(flakyCalls).toBe(3);
    expect(brokenCalls).toBe(3);

    const dead = await readAll(deadLetterTopic(topic), 5);
    const header = (m: KafkaMessage, name: string) => m.headers![name]!.toString();
    expect(dead.map((m) => [header(m, DEAD_LETTER_HEADERS.error), header(m, DEAD_LETTER_HEADERS.attempts)])).toEqual([
      ['value is not valid JSON', '1'],
      ['unknown version 9 of ItemRecorded', '1'],
      ['invalid ItemRecorded payload: seq: Invalid input: expected number, received string', '1'],
      [expect.stringMatching(/^not an event envelope: id: /), '1'],
      ['dependency still down', '3'],
    ]);
    for (const m of dead) {
      expect(header(m, DEAD_LETTER_HEADERS.originalTopic)).toBe(topic);
      expect(header(m, DEAD_LETTER_HEADERS.consumerGroup)).toBe(groupId);
    }
    expect(dead[0].value!.toString()).toBe('{"this is": not json');

    // Each dead letter carries its envelope's tenant (null when none can be read); a tenant reads only its own.
    // (read as the table's owner with the policies lifted for one rolled-back transaction)
    const rows = await withOwnerClient(async (client) => {
      await client.query('BEGIN');
      await client.query(`ALTER TABLE ${scratch.schema}.dead_letters NO FORCE ROW LEVEL SECURITY`);
      const result = await client.query(
        `SELECT "offset", attempts, tenant_id FROM ${scratch.schema}.dead_letters ORDER BY id`,
      );
      await client.query('ROLLBACK');
      return result.rows;
    });
    expect(
      rows.map((r: { offset: string; attempts: number; tenant_id: string | null }) => [
        r.offset,
        r.attempts,
        r.tenant_id,
      ]),
    ).toEqual([
      ['1', 1, null],
      ['2', 1, tenantId],
      ['4', 1, tenantId],
      ['7', 1, null],
      ['8', 3, tenantId],
    ]);
    const visible = async (tenant: string | null) =>
      (
        await scratch.dataSource.transaction(async (manager) => {
          await setTenant(manager, tenant);
          return manager.query(`SELECT "offset" FROM ${scratch.schema}.dead_letters ORDER BY id`);
        })
      ).map((r: { offset: string }) => r.offset);
    expect(await visible(tenantId)).toEqual(['2', '4', '8']);
    expect(await visible(uuidv4())).toEqual([]);
    expect(await visible(null)).toEqual([]);
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
