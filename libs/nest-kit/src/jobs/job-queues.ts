import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOBS, type JobMeta, type JobName, type JobPayload, type JobPayloadInput } from '@rayworks/contracts';
import { currentCorrelationId } from '../logging/context.js';
import { createQueue, type JobData } from './queues.js';
import { producerTraceContext } from '../tracing/tracing.js';

export interface EnqueueOptions {
  /** The tenant the job works for; null for a platform job. */
  tenantId: string | null;
  /** A job id of your own: a second add with the same id is ignored by BullMQ while the first is kept. */
  jobId?: string;
}

/** The data a job carries in Redis: its payload and `meta`. */
export function jobData<TName extends JobName>(payload: JobPayload<TName>, meta: JobMeta): JobData<JobPayload<TName>> {
  return { ...payload, meta };
}

/**
 * Typed producer side of the jobs map: `enqueue(job, payload)` validates the payload with the job's schema and
 * adds it to the job's queue (the queue is not the caller's to choose). For a job started by a change, record it
 * in the change's transaction instead (JobOutbox.record): this adds it at once, so it is for work that changes
 * nothing in the database first. One BullMQ Queue per queue name, made on first use, closed at shutdown.
 */
export class JobQueues {
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly redis: Redis,
    /** The Redis key prefix of the queues (BullMQ's default `bull`); tests use their own. */
    private readonly prefix?: string,
  ) {}

  async enqueue<TName extends JobName>(
    job: TName,
    payload: JobPayloadInput<TName>,
    options: EnqueueOptions,
  ): Promise<string> {
    const definition = JOBS[job];
    const parsed = definition.schema.parse(payload) as JobPayload<TName>;
    const trace = producerTraceContext(`enqueue ${definition.queue}`, {
      'messaging.system': 'bullmq',
      'messaging.operation.type': 'create',
      'messaging.destination.name': definition.queue,
    });
    const meta: JobMeta = {
      tenantId: options.tenantId,
      correlationId: currentCorrelationId(),
      ...(trace ? { trace } : {}),
    };
    const added = await this.queue(definition.queue).add(job, jobData<TName>(parsed, meta), {
      ...(options.jobId ? { jobId: options.jobId } : {}),
    });
    return added.id!;
  }

  /** The BullMQ queue of a queue name (for the job relay and for tests that look inside a queue). */
  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = createQueue(name, this.redis, this.prefix) as unknown as Queue;
      this.queues.set(name, queue);
    }
    return queue;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close().catch(() => undefined)));
    this.queues.clear();
  }
}
