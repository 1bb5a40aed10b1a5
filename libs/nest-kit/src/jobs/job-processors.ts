import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER, REDIS } from '../app/tokens.js';
import { OperationalMetrics } from '../metrics/operational-metrics.js';
import { startProcessor, type JobProcessor } from './job-processor.js';

/**
 * The job processors of one process (a worker, or a service that processes its own queue as auth does):
 * domain modules register theirs in onModuleInit; the kit starts them all at bootstrap and closes them first
 * at shutdown.
 */
@Injectable()
export class JobProcessors {
  private readonly pending = new Map<string, JobProcessor>();
  private readonly workers: Worker[] = [];

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(OperationalMetrics) private readonly metrics?: OperationalMetrics,
  ) {}

  register(registration: JobProcessor): void {
    if (this.pending.has(registration.queue))
      throw new Error(`a processor of ${registration.queue} is already registered`);
    if (this.workers.length > 0)
      throw new Error('job processors are registered in onModuleInit, before the kit starts');
    this.pending.set(registration.queue, registration);
  }

  queues(): string[] {
    return [...this.pending.keys()];
  }

  start(): void {
    for (const registration of this.pending.values()) {
      const worker = startProcessor(registration, this.redis, this.logger);
      // The series exists from the start (0), so a rate over it works before the first stall.
      this.metrics?.stalledJobs.inc({ queue: registration.queue }, 0);
      worker.on('stalled', () => this.metrics?.stalledJobs.inc({ queue: registration.queue }));
      this.workers.push(worker);
    }
    if (this.pending.size > 0) this.logger.info({ queues: this.queues() }, 'processing queues');
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close().catch(() => undefined)));
    this.workers.length = 0;
  }
}
