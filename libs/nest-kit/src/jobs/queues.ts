import { Queue, Worker, type Job, type JobsOptions, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { JOB_LOCKS, type JobMeta, type QueueName } from '@rayworks/contracts';
import { runWithContext } from '../logging/context.js';
import { contextFrom, inSpan, SpanKind } from '../tracing/tracing.js';

/** A Redis connection for BullMQ (blocking commands need maxRetriesPerRequest: null). */
export function createRedis(url: string, name: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, connectionName: name, lazyConnect: false });
}

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** Every job's data carries the tenant and correlation id of the request that caused it. */
export type JobData<T> = T & { meta: JobMeta };

/** `prefix` namespaces the queue's Redis keys (BullMQ's default `bull`); tests use their own. */
export function createQueue<T>(name: QueueName | string, connection: Redis, prefix?: string): Queue<JobData<T>> {
  return new Queue<JobData<T>>(name, {
    connection,
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
    ...(prefix ? { prefix } : {}),
  });
}

export interface WorkerSettings {
  concurrency?: number;
  /**
   * How long a job's lock lasts without renewal (renewed every half of it while the job runs); a worker that dies
   * loses the lock after this. A job's comes from the job map (JOBS[job].lock, docs/decisions/0202).
   */
  lockDuration?: number;
  /** How often stalled jobs (lock lost: worker died) are looked for and moved back to wait. */
  stalledInterval?: number;
  maxStalledCount?: number;
  /** The Redis key prefix of the queue (BullMQ's default `bull`); tests use their own. */
  prefix?: string;
}

/**
 * A worker whose processor runs with the job's correlation id in the log context. Stalled-job recovery:
 * when a worker dies mid-job its lock expires, and a live worker moves the job back and runs it again.
 */
export function createWorker<T, R>(
  name: QueueName | string,
  processor: (job: Job<JobData<T>, R>) => Promise<R>,
  connection: Redis,
  logger: Logger,
  settings: WorkerSettings = {},
): Worker<JobData<T>, R> {
  // A CONSUMER span per attempt, in the trace of the change that started the job (its meta.trace).
  const wrapped: Processor<JobData<T>, R> = (job) =>
    inSpan(
      `process ${name}`,
      SpanKind.CONSUMER,
      contextFrom(job.data.meta?.trace),
      {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': name,
        'messaging.message.id': String(job.id),
        'messaging.bullmq.attempt': job.attemptsMade + 1,
      },
      () =>
        runWithContext(
          { correlationId: job.data.meta?.correlationId ?? `job-${job.id}`, tenantId: job.data.meta?.tenantId },
          () => processor(job),
        ),
    );
  const options: WorkerOptions = {
    connection,
    concurrency: settings.concurrency ?? 2,
    lockDuration: settings.lockDuration ?? JOB_LOCKS.computesInProcess.durationMs,
    stalledInterval: settings.stalledInterval ?? JOB_LOCKS.computesInProcess.stalledIntervalMs,
    maxStalledCount: settings.maxStalledCount ?? 2,
    ...(settings.prefix ? { prefix: settings.prefix } : {}),
  };
  const worker = new Worker<JobData<T>, R>(name, wrapped, options);
  worker.on('failed', (job, err) =>
    logger.error({ err, queue: name, jobId: job?.id, attempts: job?.attemptsMade }, 'job failed'),
  );
  worker.on('stalled', (jobId) =>
    logger.warn({ queue: name, jobId }, 'job stalled: its worker stopped; it will run again'),
  );
  worker.on('error', (err) => logger.error({ err, queue: name }, 'worker error'));
  return worker;
}
