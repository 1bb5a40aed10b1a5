import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Admin } from 'kafkajs';
import type { QueryRunner } from 'typeorm';
import { v4 as uuidv4 } from 'uuid';
import { deadLetterTopic } from '@rayworks/contracts';
import {
  addDeadLetterTenant,
  JobQueues,
  Metrics,
  OperationalMetrics,
  createEventTables,
  createJobOutboxAndWakeups,
  createLogger,
  createRedis,
} from '../../src/index.js';
import {
  createTopics,
  eventually,
  freePort,
  infraEnv,
  stop,
  testKafka,
  uniqueSuffix,
  withOwnerClient,
} from '@rayworks/testing';
import { startFixture } from '../support/fixtures.js';
import { createScratchSchema } from '../support/scratch-schema.js';

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  status: number;
}

/** OTLP/JSON ids are hex; accept base64 too (the protobuf-JSON mapping). */
const hex = (id: string | undefined): string =>
  !id ? '' : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');

/** A tiny OTLP/HTTP receiver: what an OpenTelemetry collector would get at /v1/traces. */
function startReceiver(spans: ReceivedSpan[]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const data = JSON.parse(body) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{ spans: Array<Record<string, unknown>> }>;
          }>;
        };
        for (const rs of data.resourceSpans) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const ss of rs.scopeSpans)
            for (const s of ss.spans)
              spans.push({
                service,
                traceId: hex(s.traceId as string),
                spanId: hex(s.spanId as string),
                parentSpanId: hex(s.parentSpanId as string | undefined),
                name: s.name as string,
                kind: s.kind as number,
                status: ((s.status as { code?: number } | undefined)?.code ?? 0) as number,
              });
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The value of the series `name` whose labels include `labels` (in any order), or undefined when it is absent. */
const value = (text: string, name: string, labels: Record<string, string>): number | undefined => {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries([...match[2]!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => has[k] === v)) return Number(match[3]);
  }
  return undefined;
};

const SPAN_KIND = { server: 2, producer: 4, consumer: 5 };

/**
 * Traces across processes on the real PostgreSQL, Kafka and Redis (docs/decisions/0091): a request that records
 * an event and a job produces spans in the producing process (the request, the publish, the enqueue) and in the
 * consuming process (the event handled from Kafka, the job run by a BullMQ worker), all in one trace — the trace
 * context crosses the outbox and the job outbox with the rows, then travels in the Kafka headers and the job's
 * meta. Then the operational series over the same schema, topic and queue.
 */
describe('traces and operational metrics across processes', () => {
  const topic = `it.trace.${uniqueSuffix()}.v1`;
  const groupId = `it-trace.consumer-${uniqueSuffix()}`;
  const prefix = `it-trace-${uniqueSuffix()}`;
  const kafka = testKafka();
  const spans: ReceivedSpan[] = [];
  const redis = createRedis(infraEnv().redisUrl, 'it-trace');
  const queues = new JobQueues(redis, prefix);
  let receiver: Server;
  let scratch: Awaited<ReturnType<typeof createScratchSchema>>;
  let producer: ReturnType<typeof startFixture>;
  let consumer: ReturnType<typeof startFixture>;
  let producerPort: number;
  let admin: Admin;

  beforeAll(async () => {
    receiver = await startReceiver(spans);
    scratch = await createScratchSchema('it_trace', async (schema, client) => {
      await createEventTables(client as unknown as QueryRunner, schema);
      await createJobOutboxAndWakeups(client as unknown as QueryRunner, schema);
      // the service migrations' third step: dead letters carry their tenant (docs/decisions/0076)
      await addDeadLetterTenant(client, schema);
    });
    await createTopics(kafka, [topic, deadLetterTopic(topic)], 1);
    admin = kafka.admin();
    await admin.connect();
    producerPort = await freePort();
    const env = {
      DATABASE_URL: scratch.roleUrl,
      SCHEMA: scratch.schema,
      TOPIC: topic,
      GROUP_ID: groupId,
      KAFKA_BROKERS: infraEnv().kafkaBrokers.join(','),
      REDIS_URL: infraEnv().redisUrl,
      QUEUE_PREFIX: prefix,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    consumer = startFixture('traced-consumer.mjs', env);
    producer = startFixture('traced-producer.mjs', { ...env, PORT: String(producerPort) });
    for (const [child, line] of [
      [consumer, 'consumer started'],
      [producer, 'producer started'],
    ] as const) {
      await eventually(
        async () => child.output(),
        (out) => out.includes(line) || child.exitCode !== null,
        { what: line, timeoutMs: 20_000 },
      );
      if (child.exitCode !== null) throw new Error(`fixture exited: ${child.output()}`);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all([producer && stop(producer), consumer && stop(consumer)]);
    await admin?.disconnect();
    await queues.close();
    redis.disconnect();
    await new Promise((resolve) => receiver?.close(resolve));
    await scratch?.drop();
  });

  it('carries one trace from the request through the outbox and Kafka, and through the job outbox and BullMQ', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const key = uuidv4();
    const res = await fetch(`http://127.0.0.1:${producerPort}/items/${key}`, {
      method: 'POST',
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(res.status).toBe(201);

    const inTrace = () => spans.filter((s) => s.traceId === traceId);
    const find = (service: string, name: string) => inTrace().find((s) => s.service === service && s.name === name);
    await eventually(
      async () => inTrace().length,
      () =>
        Boolean(
          find('it-traced-consumer', `process ${topic}`) &&
          find('it-traced-consumer', 'process auth.mail') &&
          find('it-traced-producer', 'POST /items/:key'),
        ),
      { what: 'the spans of both processes in one trace', timeoutMs: 20_000 },
    );
    const request = find('it-traced-producer', 'POST /items/:key')!;
    const publish = find('it-traced-producer', `publish ${topic}`)!;
    const enqueue = find('it-traced-producer', 'enqueue auth.mail')!;
    const handled = find('it-traced-consumer', `process ${topic}`)!;
    const job = find('it-traced-consumer', 'process auth.mail')!;
    // The request continues the caller's trace; publish and enqueue are its children; the consumer's spans are
    // children of those, in the other process.
    expect(request).toMatchObject({ kind: SPAN_KIND.server, parentSpanId: callerSpan });
    expect(publish).toMatchObject({ kind: SPAN_KIND.producer, parentSpanId: request.spanId });
    expect(enqueue).toMatchObject({ kind: SPAN_KIND.producer, parentSpanId: request.spanId });
    expect(handled).toMatchObject({ kind: SPAN_KIND.consumer, parentSpanId: publish.spanId });
    expect(job).toMatchObject({ kind: SPAN_KIND.consumer, parentSpanId: enqueue.spanId });
  });

  it('reports consumer lag per group and partition, dead letters per topic, backlogs and queue jobs', async () => {
    const metrics = new Metrics('it-trace');
    const ops = new OperationalMetrics(
      metrics,
      scratch.dataSource,
      queues,
      { service: 'auth', schema: scratch.schema },
      createLogger('it-trace', 'silent'),
    );
    ops.useAdmin(admin);
    ops.watchConsumerGroup(groupId, [topic]);
    ops.watchDeadLetters([topic]);
    const idleGroup = `${groupId}-idle`;
    ops.watchConsumerGroup(idleGroup, [topic]);
    const series = (name: string, labels: Record<string, string>) => ({ name, labels });
    const read = (text: string, { name, labels }: { name: string; labels: Record<string, string> }) =>
      value(text, name, { service: 'it-trace', ...labels });

    // A message that can never be handled: the consumer process dead-letters it.
    const producerClient = kafka.producer();
    await producerClient.connect();
    await producerClient.send({ topic, messages: [{ key: 'x', value: 'not json' }] });
    await producerClient.disconnect();

    const deadLetters = series('rayworks_dead_letters', { topic });
    const lag = (group: string) => series('rayworks_kafka_consumer_lag', { group, topic, partition: '0' });
    const text = await eventually(
      () => metrics.scrape(),
      (t) => read(t, deadLetters) === 1 && read(t, lag(groupId)) === 0,
      { what: 'the dead letter counted and the group caught up', timeoutMs: 20_000 },
    );
    // The idle group has committed nothing: both records (the event and the poison message) wait for it.
    expect(read(text, lag(idleGroup))).toBe(2);
    // The job of the first test ran in the consumer process's worker.
    expect(read(text, series('rayworks_queue_jobs', { queue: 'auth.mail', state: 'completed' }))).toBe(1);
    expect(read(text, series('rayworks_queue_jobs', { queue: 'auth.mail', state: 'waiting' }))).toBe(0);

    // With the producer's relays stopped, rows wait: the backlog and the age of the oldest row show it.
    await stop(producer);
    await withOwnerClient(async (client) => {
      await client.query(
        `INSERT INTO ${scratch.schema}.outbox (event_id, topic, message_key, envelope, created_at)
         VALUES ($1, $2, 'k', '{}', now() - interval '90 seconds')`,
        [uuidv4(), topic],
      );
      await client.query(
        `INSERT INTO ${scratch.schema}.job_outbox (job_name, queue, payload, correlation_id, created_at)
         VALUES ('authMail', 'auth.mail', '{}', 'it', now() - interval '60 seconds')`,
      );
    });
    await queues.queue('auth.mail').add('authMail', { later: true }, { delay: 3_600_000 });
    const after = await metrics.scrape();
    const schema = { schema: scratch.schema };
    expect(read(after, series('rayworks_outbox_pending_events', schema))).toBe(1);
    expect(read(after, series('rayworks_outbox_oldest_pending_age_seconds', schema))).toBeGreaterThanOrEqual(90);
    expect(read(after, series('rayworks_job_outbox_pending_jobs', schema))).toBe(1);
    expect(read(after, series('rayworks_job_outbox_oldest_pending_age_seconds', schema))).toBeGreaterThanOrEqual(60);
    expect(read(after, series('rayworks_queue_jobs', { queue: 'auth.mail', state: 'delayed' }))).toBe(1);
  });
});
