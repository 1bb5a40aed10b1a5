import {
  Global,
  Injectable,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import type { Admin, Kafka } from 'kafkajs';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { loadEnv, serviceEnvSchema, type ServiceEnv } from '../config/env.js';
import { AuditLog } from '../database/audit-log.js';
import { createDataSource } from '../database/data-source.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { EventConsumer } from '../events/event-consumer.js';
import { createKafka, ensureTopics } from '../events/kafka.js';
import { OutboxPublisher } from '../events/outbox.publisher.js';
import { OutboxRelay } from '../events/outbox.relay.js';
import { HealthChecks } from '../health/health-checks.js';
import { HealthController } from '../health/health.controller.js';
import { createRedis } from '../jobs/queues.js';
import { createLogger } from '../logging/logger.js';
import { Metrics, MetricsController } from '../metrics/metrics.js';
import { StorageService } from '../storage/storage.service.js';
import { ApiExceptionFilter } from '../auth/api-exception.filter.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { createAuthenticator } from '../auth/auth-settings.js';
import { BodyDecryptionInterceptor } from '../auth/body-decryption.interceptor.js';
import { RequestAuthenticator } from '../auth/request-authenticator.js';
import { AccessTokens } from '../auth/access-token.js';
import { SessionStore } from '../auth/session-store.js';
import { DeadLettersController } from './dead-letters.controller.js';
import { ServiceKitSettings } from './service-kit.settings.js';
import { KAFKA, LOGGER, REDIS, SERVICE_ENV } from './tokens.js';

/** Starts the relay and the consumer once every module has registered its handlers; stops all on shutdown. */
@Injectable()
class ServiceKitLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private admin?: Admin;

  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(HealthChecks) private readonly health: HealthChecks,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.admin = this.kafka.admin();
    await this.admin.connect();
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
    await this.consumer.start();
    this.logger.info({ group: this.consumer.groupId }, 'outbox relay and consumer started');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer.stop().catch(() => undefined);
    await this.relay.stop().catch(() => undefined);
    await this.admin?.disconnect().catch(() => undefined);
    this.redis.disconnect();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * Everything a domain service stands on: config, logger, its database, Kafka (outbox relay, consumer group,
 * dead letters), Redis, storage, health, metrics. Global, so domain modules inject what they use.
 */
@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(settings: ServiceKitSettings): DynamicModule {
    return {
      module: ServiceKitModule,
      controllers: [HealthController, MetricsController, DeadLettersController],
      providers: [
        { provide: ServiceKitSettings, useValue: settings },
        { provide: SERVICE_ENV, useFactory: (): ServiceEnv => loadEnv(serviceEnvSchema) },
        {
          provide: LOGGER,
          useFactory: (env: ServiceEnv) => createLogger(settings.service, env.LOG_LEVEL),
          inject: [SERVICE_ENV],
        },
        { provide: HealthChecks, useFactory: () => new HealthChecks(settings.service) },
        { provide: Metrics, useFactory: () => new Metrics(settings.service) },
        {
          provide: DataSource,
          useFactory: async (env: ServiceEnv) =>
            createDataSource(env.DATABASE_URL, settings.database, settings.service).initialize(),
          inject: [SERVICE_ENV],
        },
        {
          provide: KAFKA,
          useFactory: (env: ServiceEnv, logger: Logger) => createKafka(settings.service, env.KAFKA_BROKERS, logger),
          inject: [SERVICE_ENV, LOGGER],
        },
        {
          provide: REDIS,
          useFactory: (env: ServiceEnv) => createRedis(env.REDIS_URL, settings.service),
          inject: [SERVICE_ENV],
        },
        {
          provide: StorageService,
          useFactory: (env: ServiceEnv) =>
            new StorageService({
              endpoint: env.S3_ENDPOINT,
              region: env.S3_REGION,
              accessKeyId: env.S3_ACCESS_KEY_ID,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY,
              bucket: env.S3_BUCKET,
            }),
          inject: [SERVICE_ENV],
        },
        { provide: OutboxPublisher, useFactory: () => new OutboxPublisher(settings.schema) },
        { provide: AuditLog, useFactory: () => new AuditLog(settings.schema) },
        UnitOfWork,
        {
          provide: OutboxRelay,
          useFactory: (ds: DataSource, kafka: Kafka, logger: Logger) =>
            new OutboxRelay(ds, kafka, settings.schema, logger),
          inject: [DataSource, KAFKA, LOGGER],
        },
        {
          provide: EventConsumer,
          useFactory: (ds: DataSource, kafka: Kafka, logger: Logger) =>
            new EventConsumer(ds, kafka, settings.schema, logger, {
              groupId: settings.groupId,
              topics: settings.consumer.topics,
            }),
          inject: [DataSource, KAFKA, LOGGER],
        },
        // Every caller is verified by the service itself (docs/decisions/0011): tokens, sessions, default deny.
        {
          provide: RequestAuthenticator,
          useFactory: (env: ServiceEnv, redis: Redis) => createAuthenticator(env, redis),
          inject: [SERVICE_ENV, REDIS],
        },
        {
          provide: AccessTokens,
          useFactory: (auth: RequestAuthenticator) => auth.tokens,
          inject: [RequestAuthenticator],
        },
        {
          provide: SessionStore,
          useFactory: (auth: RequestAuthenticator) => auth.sessions,
          inject: [RequestAuthenticator],
        },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_INTERCEPTOR, useClass: BodyDecryptionInterceptor },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        ServiceKitLifecycle,
      ],
      exports: [
        ServiceKitSettings,
        SERVICE_ENV,
        LOGGER,
        HealthChecks,
        Metrics,
        DataSource,
        KAFKA,
        REDIS,
        StorageService,
        OutboxPublisher,
        AuditLog,
        UnitOfWork,
        EventConsumer,
        RequestAuthenticator,
        AccessTokens,
        SessionStore,
      ],
    };
  }
}
