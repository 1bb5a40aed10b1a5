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
import type { Kafka } from 'kafkajs';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { issuerServiceEnvSchema, serviceEnvSchema, type ServiceEnv } from '../config/env.js';
import { EventConsumer } from '../events/event-consumer.js';
import { HealthController } from '../health/health.controller.js';
import { HealthChecks } from '../health/health-checks.js';
import { OperationalMetrics } from '../metrics/operational-metrics.js';
import { ApiExceptionFilter } from '../auth/api-exception.filter.js';
import { AccessDenialAudit } from '../auth/access-denial-audit.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { createAuthenticator, loadTokenKeys } from '../auth/auth-settings.js';
import { BodyDecryptionInterceptor } from '../auth/body-decryption.interceptor.js';
import { RequestAuthenticator } from '../auth/request-authenticator.js';
import { AccessTokens } from '../auth/access-token.js';
import { StudyTokens } from '../auth/study-token.js';
import { SessionStore } from '../auth/session-store.js';
import { DeadLettersController } from './dead-letters.controller.js';
import { DeadLettersRepository } from './dead-letters.repository.js';
import { DeadLettersService } from './dead-letters.service.js';
import { INFRASTRUCTURE_EXPORTS, KitInfrastructure, infrastructureProviders } from './kit-infrastructure.js';
import { ServiceKitSettings } from './service-kit.settings.js';
import { KAFKA, LOGGER, REDIS, SERVICE_ENV } from './tokens.js';

/** Starts the shared infrastructure, then the consumer once every module has registered its handlers. */
@Injectable()
class ServiceKitLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(KitInfrastructure) private readonly infrastructure: KitInfrastructure,
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(OperationalMetrics) private readonly metrics: OperationalMetrics,
    @Inject(ServiceKitSettings) private readonly settings: ServiceKitSettings,
    @Inject(HealthChecks) private readonly health: HealthChecks,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.infrastructure.start();
    // Ready only while the consumer is a member of its group (docs/decisions/0198): the check names the group.
    if (this.consumer.active) {
      this.health.register(`consumer:${this.consumer.groupId}`, () =>
        this.consumer.check(this.infrastructure.kafkaAdmin()),
      );
    }
    await this.consumer.start();
    this.metrics.watchConsumer(this.consumer);
    this.metrics.watchConsumerGroup(this.consumer.groupId, this.consumer.topics());
    this.metrics.watchDeadLetters(this.settings.consumer.topics);
    this.logger.info({ group: this.consumer.groupId, topics: this.consumer.topics() }, 'consumer started');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer.stop().catch(() => undefined);
    await this.infrastructure.stop();
  }
}

/**
 * Everything a domain service's API process stands on: the shared infrastructure (kit-infrastructure.ts:
 * config, logger, database, Kafka, outbox and job relays, Redis, storage, health, metrics), plus the consumer
 * group, dead letters and the verification of callers. Global, so domain modules inject what they use.
 */
@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(settings: ServiceKitSettings): DynamicModule {
    return {
      module: ServiceKitModule,
      // /metrics is not here: it is served on the internal metrics port (startHttpApp, docs/decisions/0090).
      controllers: [HealthController, DeadLettersController],
      providers: [
        ...infrastructureProviders(
          { service: settings.service, processName: settings.service, database: settings.database },
          settings.issuesTokens ? issuerServiceEnvSchema : serviceEnvSchema,
        ),
        { provide: ServiceKitSettings, useValue: settings },
        {
          provide: EventConsumer,
          useFactory: (ds: DataSource, kafka: Kafka, logger: Logger, env: ServiceEnv) =>
            new EventConsumer(ds, kafka, settings.schema, logger, {
              groupId: settings.groupId,
              topics: settings.consumer.topics,
              batchSize: env.EVENT_BATCH_SIZE,
            }),
          inject: [DataSource, KAFKA, LOGGER, SERVICE_ENV],
        },
        // Every caller is verified by the service itself (docs/decisions/0011): tokens, sessions, default deny.
        {
          provide: RequestAuthenticator,
          useFactory: async (env: ServiceEnv, redis: Redis) =>
            createAuthenticator(
              env,
              redis,
              await loadTokenKeys(settings.issuesTokens ? 'issuer' : 'verifier', env, process.env),
            ),
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
        // Study tokens (docs/decisions/0164): cases signs them, imaging verifies them; null without the secret.
        {
          provide: StudyTokens,
          useFactory: (env: ServiceEnv) => (env.VIEWER_TOKEN_SECRET ? new StudyTokens(env.VIEWER_TOKEN_SECRET) : null),
          inject: [SERVICE_ENV],
        },
        AccessDenialAudit,
        DeadLettersRepository,
        DeadLettersService,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_INTERCEPTOR, useClass: BodyDecryptionInterceptor },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        ServiceKitLifecycle,
      ],
      exports: [
        ...INFRASTRUCTURE_EXPORTS,
        ServiceKitSettings,
        EventConsumer,
        RequestAuthenticator,
        AccessTokens,
        SessionStore,
        StudyTokens,
      ],
    };
  }
}
