import {
  Global,
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, Reflector } from '@nestjs/core';
import type { Logger } from 'pino';
import type { ServiceDatabaseOptions } from '../database/data-source.js';
import { HealthController } from '../health/health.controller.js';
import { JobProcessors } from '../jobs/job-processors.js';
import { ApiExceptionFilter } from '../auth/api-exception.filter.js';
import { AuthGuard } from '../auth/auth.guard.js';
import {
  INFRASTRUCTURE_EXPORTS,
  KitInfrastructure,
  infrastructureEnvSchema,
  infrastructureProviders,
} from './kit-infrastructure.js';
import { LOGGER } from './tokens.js';

/** A worker needs what its service's infrastructure needs; it verifies no caller, so no token key. */
export const workerEnvSchema = infrastructureEnvSchema;

/** What a service tells the kit about its worker process. */
export interface WorkerKitSettings {
  service: string;
  /** The service's database options (the same object its API process uses). */
  database: ServiceDatabaseOptions;
  /** The process's name in logs, metrics, health and application_name: `<service>-worker` unless it is another kind
   * of background process (the lims-analyzers listener). */
  processName?: string;
}

@Injectable()
class WorkerKitLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(KitInfrastructure) private readonly infrastructure: KitInfrastructure,
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.infrastructure.start();
    this.logger.info({ queues: this.processors.queues() }, 'worker processing queues');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.infrastructure.stop();
  }
}

/**
 * Everything a worker process stands on: the same shared infrastructure as the API process (configuration,
 * logging with the job's correlation id, database with tenant transactions, outbox and job relays, storage,
 * Redis) plus its job processors, and health and metrics on its own port.
 */
@Global()
@Module({})
export class WorkerKitModule {
  static forRoot(settings: WorkerKitSettings): DynamicModule {
    return {
      module: WorkerKitModule,
      // /metrics is served on the internal metrics port (startHttpApp, docs/decisions/0090).
      controllers: [HealthController],
      providers: [
        ...infrastructureProviders(
          {
            service: settings.service,
            processName: settings.processName ?? `${settings.service}-worker`,
            database: settings.database,
          },
          workerEnvSchema,
        ),
        WorkerKitLifecycle,
        // Default deny: a worker serves only its @Public health routes; it signs nobody in.
        {
          provide: APP_GUARD,
          useFactory: (reflector: Reflector) => new AuthGuard(reflector, null),
          inject: [Reflector],
        },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
      exports: [...INFRASTRUCTURE_EXPORTS],
    };
  }
}
