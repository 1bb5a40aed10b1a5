import type { EntityManager } from 'typeorm';
import { JOBS, type JobName, type JobPayloadInput } from '@rayworks/contracts';
import { currentCorrelationId } from '../logging/context.js';
import { TENANT_SETTING } from '../database/tenant-context.js';
import { producerTraceContext } from '../tracing/tracing.js';

export interface RecordJobOptions {
  /**
   * The tenant the job works for. By default the tenant of the transaction (set by the tenant transaction);
   * null for a platform job.
   */
  tenantId?: string | null;
  /**
   * Run the job no sooner than this many milliseconds from now (a delayed job): the row keeps the time it is due
   * (`meta.runAt`) and the relay hands it to BullMQ with the delay left then (docs/decisions/0188).
   */
  delayMs?: number;
  /**
   * At most one job with this id in `ttlMs` (BullMQ's deduplication in its throttle mode): the row is recorded as
   * always, but when the relay hands it over within `ttlMs` of the first job with the same id, BullMQ adds nothing,
   * whatever state that job is in. For work asked for again and again that one job does (a PDF the console polls for).
   */
  deduplication?: JobDeduplication;
}

export interface JobDeduplication {
  /** The same for every ask of the same work (BullMQ keeps it per queue). */
  id: string;
  /** How long from the first job's add an ask with the same id adds nothing; after it, an ask adds a new job. */
  ttlMs: number;
}

export interface RecordedJob {
  /** The job_outbox row id. */
  id: string;
  /**
   * The BullMQ job id the relay will give the job: `<schema>-job-<row id>` (with `deduplication`, BullMQ may keep an
   * earlier job of the same deduplication id instead).
   */
  jobId: string;
}

/** The BullMQ job id of a job_outbox row (BullMQ refuses plain integers as custom ids). */
export const outboxJobId = (schema: string, rowId: string | number): string => `${schema}-job-${rowId}`;

/**
 * Records a job in the service's job outbox inside the caller's transaction: the job exists if and only if the
 * change that starts it commits. The job relay hands it to BullMQ after commit (jobId = the row id, so a crash or
 * a second relay never makes it twice). A unit of work's `tx.enqueue(job, payload)` is `record(tx.manager, ...)`.
 */
export class JobOutbox {
  constructor(private readonly schema: string) {}

  async record<TName extends JobName>(
    manager: EntityManager,
    job: TName,
    payload: JobPayloadInput<TName>,
    options: RecordJobOptions = {},
  ): Promise<RecordedJob> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('JobOutbox.record must run inside the transaction of the change that starts the job');
    }
    const dedupe = options.deduplication;
    if (dedupe && (!dedupe.id || !(dedupe.ttlMs > 0))) {
      throw new Error('JobOutbox.record: a deduplication needs an id and a ttlMs above 0');
    }
    const definition = JOBS[job];
    const parsed = definition.schema.parse(payload);
    const explicitTenant = options.tenantId !== undefined;
    // With tracing on, the row keeps the change's trace context as the job's `meta.trace` (the tenant and the
    // correlation id have columns of their own); the relay completes `meta` from the row.
    const trace = producerTraceContext(`enqueue ${definition.queue}`, {
      'messaging.system': 'bullmq',
      'messaging.operation.type': 'create',
      'messaging.destination.name': definition.queue,
    });
    const runAt =
      options.delayMs !== undefined && options.delayMs > 0
        ? new Date(Date.now() + options.delayMs).toISOString()
        : null;
    const meta = {
      ...(trace ? { trace } : {}),
      ...(runAt ? { runAt } : {}),
      ...(dedupe ? { dedupe: { id: dedupe.id, ttlMs: dedupe.ttlMs } } : {}),
    };
    const stored = Object.keys(meta).length > 0 ? { ...parsed, meta } : parsed;
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO ${this.schema}.job_outbox (job_name, queue, payload, tenant_id, correlation_id)
       VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN $5::uuid ELSE NULLIF(current_setting('${TENANT_SETTING}', true), '')::uuid END, $6)
       RETURNING id`,
      [job, definition.queue, JSON.stringify(stored), explicitTenant, options.tenantId ?? null, currentCorrelationId()],
    );
    const id = String(rows[0]!.id);
    return { id, jobId: outboxJobId(this.schema, id) };
  }
}
