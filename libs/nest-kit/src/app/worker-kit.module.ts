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
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { z } from 'zod';
import { envVars, loadEnv } from '../config/env.js';
import { HealthChecks } from '../health/health-checks.js';
import { HealthController } from '../health/health.controller.js';
import { createRedis, createWorker, type WorkerSettings } from '../jobs/queues.js';
import { createLogger } from '../logging/logger.js';
import { Metrics, MetricsController } from '../metrics/metrics.js';
import { ApiExceptionFilter } from '../auth/api-exception.filter.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { LOGGER, REDIS } from './tokens.js';

export const workerEnvSchema = z.object({
  PORT: envVars.PORT,
  LOG_LEVEL: envVars.LOG_LEVEL,
  REDIS_URL: envVars.REDIS_URL,
});

type AnyProcessor = Parameters<typeof createWorker>[1];

/** Queue processors of one worker process: domain modules register theirs; all start at bootstrap. */
@Injectable()
export class JobProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly pending = new Map<string, { processor: AnyProcessor; settings?: WorkerSettings }>();
  private readonly workers: Worker[] = [];

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(HealthChecks) private readonly health: HealthChecks,
  ) {}

  register(queue: string, processor: AnyProcessor, settings?: WorkerSettings): void {
    this.pending.set(queue, { processor, settings });
  }

  queues(): string[] {
    return [...this.pending.keys()];
  }

  onApplicationBootstrap(): void {
    this.health.register('redis', async () => {
      if ((await this.redis.ping()) !== 'PONG') throw new Error('unexpected PING answer');
    });
    for (const [queue, { processor, settings }] of this.pending) {
      this.workers.push(createWorker(queue, processor, this.redis, this.logger, settings));
    }
    this.logger.info({ queues: this.queues() }, 'worker processing queues');
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    this.redis.disconnect();
  }
}

/** Everything a worker process stands on: Redis, the processors, health and metrics on its own port. */
@Global()
@Module({})
export class WorkerKitModule {
  static forRoot(service: string): DynamicModule {
    const name = `${service}-worker`;
    return {
      module: WorkerKitModule,
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: LOGGER, useFactory: () => createLogger(name, loadEnv(workerEnvSchema).LOG_LEVEL) },
        { provide: REDIS, useFactory: () => createRedis(loadEnv(workerEnvSchema).REDIS_URL, name) },
        { provide: HealthChecks, useFactory: () => new HealthChecks(name) },
        { provide: Metrics, useFactory: () => new Metrics(name) },
        JobProcessors,
        // Default deny: a worker serves only its @Public health and metrics routes; it signs nobody in.
        {
          provide: APP_GUARD,
          useFactory: (reflector: Reflector) => new AuthGuard(reflector, null),
          inject: [Reflector],
        },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
      exports: [LOGGER, REDIS, HealthChecks, Metrics, JobProcessors],
    };
  }
}
