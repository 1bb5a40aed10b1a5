import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Consumer } from 'kafkajs';
import type { QueryRunner } from 'typeorm';
import { DataSource } from 'typeorm';
import { v4 as uuidv4 } from 'uuid';
import {
  HealthChecks,
  JobOutbox,
  JobProcessors,
  OutboxPublisher,
  StorageService,
  WorkerKitModule,
  createEventTables,
  createJobOutboxAndWakeups,
  enableTenantRls,
  runInTenant,
} from '../../src/index.js';
import { createTopics, eventually, infraEnv, testKafka, uniqueSuffix } from '@rayworks/testing';
import { createScratchSchema } from '../support/scratch-schema.js';
// @ts-expect-error plain ESM fixture shared with the consumer process
import { itemRecorded } from '../support/fixtures/item-recorded.mjs';

const asRunner = (client: { query: (sql: string) => Promise<unknown> }) => client as unknown as QueryRunner;

/**
 * A worker process built by WorkerKitModule gets what an API process gets: a database with tenant
 * transactions (row-level security), the outbox and its relay (an event a worker writes reaches Kafka), the job
 * outbox, storage, and readiness over all of it.
 */
describe('worker kit', () => {
  const topic = `it.worker.${uniqueSuffix()}.v1`;
  const tenantA = uuidv4();
  const tenantB = uuidv4();
  const kafka = testKafka();
  const received: string[] = [];
  let scratch: Awaited<ReturnType<typeof createScratchSchema>>;
  let app: INestApplicationContext;
  let reader: Consumer;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    scratch = await createScratchSchema('it_worker', async (schema, client) => {
      await createEventTables(asRunner(client), schema);
      await createJobOutboxAndWakeups(asRunner(client), schema);
      await client.query(
        `CREATE TABLE ${schema}.notes (id bigserial PRIMARY KEY, tenant_id uuid NOT NULL, body text NOT NULL)`,
      );
      await enableTenantRls(asRunner(client), `${schema}.notes`);
    });
    await createTopics(kafka, [topic], 1);
    reader = kafka.consumer({ groupId: `it-worker-reader-${uniqueSuffix()}`, maxWaitTimeInMs: 100 });
    await reader.connect();
    await reader.subscribe({ topics: [topic], fromBeginning: true });
    await reader.run({ eachMessage: async ({ message }) => void received.push(message.value!.toString()) });

    const env = infraEnv();
    // The worker reads its configuration from the environment, as a worker process does; restored after.
    Object.assign(process.env, {
      PORT: '3999',
      LOG_LEVEL: 'silent',
      DATABASE_URL: scratch.roleUrl,
      REDIS_URL: env.redisUrl,
      KAFKA_BROKERS: env.kafkaBrokers.join(','),
      S3_ENDPOINT: env.s3.endpoint,
      S3_REGION: env.s3.region,
      S3_ACCESS_KEY_ID: env.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: env.s3.secretAccessKey,
      S3_BUCKET: env.s3.bucket,
    });
    delete process.env.AUTH_JWKS_URL;
    delete process.env.AUTH_SIGNING_KEYS_FILE;

    @Module({
      imports: [
        WorkerKitModule.forRoot({
          service: 'it',
          database: { schema: scratch.schema, entities: [], migrations: [] },
        }),
      ],
    })
    class TestWorkerModule {}
    app = await NestFactory.createApplicationContext(TestWorkerModule, { logger: false });
    await app.init();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    process.env = savedEnv;
    await reader?.disconnect();
    await scratch?.drop();
  });

  it('is ready on its database, Redis, Kafka and object store, without the token key', async () => {
    const report = await app.get(HealthChecks).readiness();
    expect(report.service).toBe('it-worker');
    expect(Object.keys(report.checks).sort()).toEqual(['database', 'kafka', 'redis', 'storage']);
    expect(report.status).toBe('ready');
    expect(app.get(JobProcessors).queues()).toEqual([]);
  });

  it('changes rows in a tenant transaction and publishes the events it writes', async () => {
    const dataSource = app.get(DataSource);
    const publisher = app.get(OutboxPublisher);
    await runInTenant(dataSource, tenantA, async (manager) => {
      await manager.query(`INSERT INTO ${scratch.schema}.notes (tenant_id, body) VALUES ($1, 'rendered')`, [tenantA]);
      await publisher.publish(manager, itemRecorded(topic), {
        payload: { key: 'note', seq: 1 },
        key: 'note',
        tenantId: tenantA,
        actor: { type: 'service', id: 'it-worker' },
      });
    });
    const seen = (tenant: string) =>
      runInTenant(dataSource, tenant, (m) => m.query(`SELECT body FROM ${scratch.schema}.notes`));
    expect(await seen(tenantA)).toEqual([{ body: 'rendered' }]);
    expect(await seen(tenantB)).toEqual([]);
    // Another tenant cannot write a row as tenant A.
    await expect(
      runInTenant(dataSource, tenantB, (m) =>
        m.query(`INSERT INTO ${scratch.schema}.notes (tenant_id, body) VALUES ($1, 'x')`, [tenantA]),
      ),
    ).rejects.toThrow(/row-level security/);

    await eventually(
      async () => received.length,
      (n) => n === 1,
      { what: "the worker's event on Kafka", intervalMs: 10 },
    );
    expect(JSON.parse(received[0]!)).toMatchObject({ tenantId: tenantA, payload: { key: 'note', seq: 1 } });
  }, 60_000);

  it('has the job outbox and storage of its service', async () => {
    const dataSource = app.get(DataSource);
    await expect(
      app.get(JobOutbox).record(dataSource.manager, 'authMail', { kind: 'welcome', userId: uuidv4() }),
    ).rejects.toThrow(/inside the transaction/);
    const storage = app.get(StorageService);
    const key = `it/worker-kit/${uniqueSuffix()}.txt`;
    await storage.put(key, 'from a worker', 'text/plain');
    expect((await storage.get(key)).toString()).toBe('from a worker');
    await storage.delete(key);
  });
});
