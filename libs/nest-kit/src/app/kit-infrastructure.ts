import { Inject, Injectable, type Provider } from '@nestjs/common';
import type { Admin, Kafka } from 'kafkajs';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { databaseEnv, envVars, kafkaEnv, loadEnv, metricsEnv, redisEnv, storageEnv } from '../config/env.js';
import { createDataSource, type ServiceDatabaseOptions } from '../database/data-source.js';
import { PgListener } from '../database/pg-listener.js';
import { AuditLog } from '../database/audit-log.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { createKafka, ensureTopics } from '../events/kafka.js';
import { OutboxPublisher } from '../events/outbox.publisher.js';
import { OutboxRelay } from '../events/outbox.relay.js';
import { HealthChecks } from '../health/health-checks.js';
import { JobOutbox } from '../jobs/job-outbox.js';
import { JobProcessors } from '../jobs/job-processors.js';
import { JobQueues } from '../jobs/job-queues.js';
import { JobRelay } from '../jobs/job-relay.js';
import { createRedis } from '../jobs/queues.js';
import { createLogger } from '../logging/logger.js';
import { Metrics } from '../metrics/metrics.js';
import { OperationalMetrics } from '../metrics/operational-metrics.js';
import { stopTracing } from '../tracing/tracing.js';
import { StorageService } from '../storage/storage.service.js';
import { RealtimeEmitter } from '../realtime/realtime-emitter.js';
import { KAFKA, LOGGER, REDIS, SERVICE_ENV } from './tokens.js';

/** What every process of a service needs: its port and log level, database, Redis, Kafka and the object store. */
export const infrastructureEnvSchema = z.object({
  PORT: envVars.PORT,
  LOG_LEVEL: envVars.LOG_LEVEL,
  ...databaseEnv,
  ...redisEnv,
  ...kafkaEnv,
  ...storageEnv,
  ...metricsEnv,
});
export type InfrastructureEnv = z.infer<typeof infrastructureEnvSchema>;

/** One process of a service: the API process (`auth`) or a worker (`imaging-worker`). */
export interface KitProcess {
  service: string;
  /** The name in logs, metrics, health and PostgreSQL's application_name. */
  processName: string;
  database: ServiceDatabaseOptions;
}
export const KIT_PROCESS = Symbol('KIT_PROCESS');

/**
 * Starts and stops what every process stands on, in order: health checks, topics, the LISTEN connection, the
 * outbox relay, the job relay, the job processors. The API and worker lifecycles call it, then add their own.
 */
@Injectable()
export class KitInfrastructure {
  private admin?: Admin;

  constructor(
    @Inject(KIT_PROCESS) private readonly kitProcess: KitProcess,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(HealthChecks) private readonly health: HealthChecks,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(PgListener) private readonly listener: PgListener,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(JobRelay) private readonly jobRelay: JobRelay,
    @Inject(JobQueues) private readonly jobQueues: JobQueues,
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(OperationalMetrics) private readonly operational: OperationalMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The Kafka admin client of the process (connected by start()), for checks that ask the cluster. */
  kafkaAdmin(): Admin | undefined {
    return this.admin;
  }

  async start(): Promise<void> {
    this.admin = this.kafka.admin();
    await this.admin.connect();
    this.operational.useAdmin(this.admin);
    this.health.register('database', async () => {
      await this.dataSource.query('SELECT 1');
    });
    this.health.register('redis', async () => {
      if ((await this.redis.ping()) !== 'PONG') throw new Error('unexpected PING answer');
    });
    this.health.register('kafka', async () => {
      const cluster = await this.admin!.describeCluster();
      if (cluster.brokers.length === 0) throw new Error('no broker');
    });
    this.health.register('storage', () => this.storage.check());
    await ensureTopics(this.kafka);
    await this.relay.start();
    await this.jobRelay.start();
    this.processors.start();
    this.logger.info({ process: this.kitProcess.processName }, 'outbox and job relays started');
  }

  async stop(): Promise<void> {
    await this.processors.stop();
    await this.jobRelay.stop().catch(() => undefined);
    await this.relay.stop().catch(() => undefined);
    await this.listener.stop();
    await this.jobQueues.close();
    await this.admin?.disconnect().catch(() => undefined);
    this.redis.disconnect();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    // Last, so the spans of everything above are sent.
    await stopTracing();
  }
}

/**
 * THE one list of the providers an API process and a worker process share (ServiceKitModule and WorkerKitModule
 * both spread it): configuration, logging, health, metrics, database, Kafka, Redis, storage, the outbox and its
 * relay, the job outbox and its relay, typed queues and job processors. A provider every process needs (the
 * unit of work, for one) is added here and to INFRASTRUCTURE_EXPORTS, and nowhere else.
 */
export function infrastructureProviders(
  kitProcess: KitProcess,
  envSchema: z.ZodType<InfrastructureEnv> = infrastructureEnvSchema,
): Provider[] {
  const { processName, database } = kitProcess;
  return [
    { provide: KIT_PROCESS, useValue: kitProcess },
    { provide: SERVICE_ENV, useFactory: () => loadEnv(envSchema) },
    {
      provide: LOGGER,
      useFactory: (env: InfrastructureEnv) => createLogger(processName, env.LOG_LEVEL),
      inject: [SERVICE_ENV],
    },
    { provide: HealthChecks, useFactory: () => new HealthChecks(processName) },
    { provide: Metrics, useFactory: () => new Metrics(processName) },
    {
      provide: DataSource,
      useFactory: async (env: InfrastructureEnv) =>
        createDataSource(env.DATABASE_URL, database, processName).initialize(),
      inject: [SERVICE_ENV],
    },
    {
      provide: KAFKA,
      useFactory: (env: InfrastructureEnv, logger: Logger) => createKafka(processName, env.KAFKA_BROKERS, logger),
      inject: [SERVICE_ENV, LOGGER],
    },
    {
      provide: REDIS,
      useFactory: (env: InfrastructureEnv) => createRedis(env.REDIS_URL, processName),
      inject: [SERVICE_ENV],
    },
    {
      provide: StorageService,
      useFactory: (env: InfrastructureEnv) =>
        new StorageService({
          endpoint: env.S3_ENDPOINT,
          publicEndpoint: env.S3_PUBLIC_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          bucket: env.S3_BUCKET,
        }),
      inject: [SERVICE_ENV],
    },
    {
      provide: PgListener,
      useFactory: (env: InfrastructureEnv, logger: Logger) =>
        new PgListener(env.DATABASE_URL, logger, `${processName}-listen`),
      inject: [SERVICE_ENV, LOGGER],
    },
    { provide: OutboxPublisher, useFactory: () => new OutboxPublisher(database.schema) },
    {
      provide: OutboxRelay,
      useFactory: (ds: DataSource, kafka: Kafka, logger: Logger, listener: PgListener) =>
        new OutboxRelay(ds, kafka, database.schema, logger, { listener }),
      inject: [DataSource, KAFKA, LOGGER, PgListener],
    },
    { provide: JobOutbox, useFactory: () => new JobOutbox(database.schema) },
    { provide: JobQueues, useFactory: (redis: Redis) => new JobQueues(redis), inject: [REDIS] },
    {
      provide: JobRelay,
      useFactory: (ds: DataSource, queues: JobQueues, logger: Logger, listener: PgListener) =>
        new JobRelay(ds, queues, database.schema, logger, { listener }),
      inject: [DataSource, JobQueues, LOGGER, PgListener],
    },
    {
      provide: OperationalMetrics,
      useFactory: (metrics: Metrics, ds: DataSource, queues: JobQueues, logger: Logger) =>
        new OperationalMetrics(metrics, ds, queues, { service: kitProcess.service, schema: database.schema }, logger),
      inject: [Metrics, DataSource, JobQueues, LOGGER],
    },
    JobProcessors,
    KitInfrastructure,
    { provide: AuditLog, useFactory: () => new AuditLog(database.schema) },
    { provide: RealtimeEmitter, useFactory: (redis: Redis) => new RealtimeEmitter(redis), inject: [REDIS] },
    UnitOfWork,
  ];
}

/** What the shared providers make injectable in every module of the process (the kit modules are global). */
export const INFRASTRUCTURE_EXPORTS = [
  KIT_PROCESS,
  SERVICE_ENV,
  LOGGER,
  HealthChecks,
  Metrics,
  OperationalMetrics,
  DataSource,
  // the process's one LISTEN connection: a module may wake on a table's committed changes (docs/decisions/0353)
  PgListener,
  KAFKA,
  REDIS,
  StorageService,
  OutboxPublisher,
  JobOutbox,
  JobQueues,
  JobProcessors,
  AuditLog,
  RealtimeEmitter,
  UnitOfWork,
];
