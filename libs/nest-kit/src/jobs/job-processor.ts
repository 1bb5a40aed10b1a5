import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { JOBS, jobMetaSchema, type JobMeta, type JobName, type JobPayload, type QueueName } from '@rayworks/contracts';
import { createWorker, type WorkerSettings } from './queues.js';

/** What a job handler gets beside the payload. */
export interface JobContext {
  /** The tenant and correlation id of the change that started the job (already in the log context). */
  meta: JobMeta;
  /** The BullMQ job, for its id, attempt count and progress. */
  job: Job;
}

/** The company a job works in, as the system actor its queue names: the scope of its units of work. */
export interface JobCompany {
  tenantId: string;
  actor: { type: 'system'; id: QueueName };
}

/**
 * The company a job works in (its meta's tenant), acting as the system actor named by the job's queue. A job without
 * a company can never succeed: it fails at once, without retries (BullMQ's UnrecoverableError).
 */
export function jobCompany(job: JobName, meta: JobMeta): JobCompany {
  const queue = JOBS[job].queue;
  if (!meta.tenantId) throw new UnrecoverableError(`${queue} job without a tenant`);
  return { tenantId: meta.tenantId, actor: { type: 'system', id: queue } };
}

export type JobHandler<TName extends JobName, TResult = unknown> = (
  payload: JobPayload<TName>,
  context: JobContext,
) => Promise<TResult>;

/** A typed processor of one job: what `JobProcessors.register` takes. */
/**
 * What a processor's registration may set: its concurrency. A job's lock is the job map's alone (JOBS[job].lock,
 * docs/decisions/0202): a registration cannot name one.
 */
export type ProcessorSettings = Pick<WorkerSettings, 'concurrency'>;

export interface JobProcessor<TName extends JobName = JobName> {
  job: TName;
  queue: QueueName;
  settings?: ProcessorSettings;
  /** Validates the job's data, then runs the handler. */
  run(job: Job, logger: Logger): Promise<unknown>;
}

/**
 * A job whose data does not match its contract: it can never succeed, so it fails at once without retries
 * (BullMQ's UnrecoverableError) and its reason is logged.
 */
export class InvalidJobDataError extends UnrecoverableError {
  constructor(
    readonly jobName: string,
    readonly issues: string[],
  ) {
    super(`invalid ${jobName} job data: ${issues.join('; ')}`);
    this.name = 'InvalidJobDataError';
  }
}

/** Splits a job's data into its validated payload and meta, or throws InvalidJobDataError. */
export function parseJobData<TName extends JobName>(
  job: TName,
  data: unknown,
): { payload: JobPayload<TName>; meta: JobMeta } {
  const { meta, ...rest } = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const issues: string[] = [];
  const parsedMeta = jobMetaSchema.safeParse(meta);
  if (!parsedMeta.success) issues.push(...parsedMeta.error.issues.map((i) => `meta.${i.path.join('.')}: ${i.message}`));
  const parsedPayload = JOBS[job].schema.safeParse(rest);
  if (!parsedPayload.success)
    issues.push(...parsedPayload.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  if (issues.length > 0 || !parsedMeta.success || !parsedPayload.success) throw new InvalidJobDataError(job, issues);
  return { payload: parsedPayload.data as JobPayload<TName>, meta: parsedMeta.data };
}

/**
 * The processor of one job of the map: `processor('authMail', async (payload, { meta }) => ...)`. The payload is
 * typed from the job's schema and validated when taken; invalid data fails the job at once, without retries.
 */
export function processor<TName extends JobName, TResult = unknown>(
  job: TName,
  handler: JobHandler<TName, TResult>,
  settings?: ProcessorSettings,
): JobProcessor<TName> {
  return {
    job,
    queue: JOBS[job].queue,
    settings,
    async run(bullJob: Job, logger: Logger) {
      let parsed: { payload: JobPayload<TName>; meta: JobMeta };
      try {
        parsed = parseJobData(job, bullJob.data);
      } catch (error) {
        logger.error(
          { queue: JOBS[job].queue, jobId: bullJob.id, job, reason: (error as Error).message },
          'job data does not match its contract: failed without retry',
        );
        throw error;
      }
      return handler(parsed.payload, { meta: parsed.meta, job: bullJob });
    },
  };
}

/**
 * The worker settings of a job: what the processor's registration says (concurrency), with the lock of the job map
 * (libs/contracts JOBS[job].lock, docs/decisions/0202), the one source of a job's lock. `settings` (a test's) apply
 * last.
 */
export function workerSettingsOf(registration: JobProcessor, settings: WorkerSettings = {}): WorkerSettings {
  const { lock } = JOBS[registration.job];
  return {
    ...registration.settings,
    lockDuration: lock.durationMs,
    stalledInterval: lock.stalledIntervalMs,
    ...settings,
  };
}

/** Starts a BullMQ worker for a typed processor (with the job's correlation id in the log context). */
export function startProcessor(
  registration: JobProcessor,
  redis: Redis,
  logger: Logger,
  settings: WorkerSettings = {},
): Worker {
  return createWorker(
    registration.queue,
    (job) => registration.run(job, logger),
    redis,
    logger,
    workerSettingsOf(registration, settings),
  );
}
