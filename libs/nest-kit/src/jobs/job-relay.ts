import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { JobMeta } from '@rayworks/contracts';
import { jobOutboxChannel } from '../database/event-tables.js';
import { RelayLoop } from '../events/relay-loop.js';
import { RELAY_FALLBACK_POLL_MS, RELAY_POLL_MS, type RelayOptions } from '../events/outbox.relay.js';
import { outboxJobId, type JobDeduplication } from './job-outbox.js';
import type { JobQueues } from './job-queues.js';

interface JobOutboxRow {
  id: string;
  job_name: string;
  queue: string;
  payload: Record<string, unknown>;
  tenant_id: string | null;
  correlation_id: string;
}

/** Fault injection for tests: stop between handing jobs to BullMQ and marking them sent. */
export type JobRelayFault = 'crash-after-send';

/**
 * Hands the jobs recorded in the job outbox to BullMQ after commit, in order, then marks them sent. Each job's
 * id is its row id, so a relay that dies after adding and before marking (or a second relay) adds nothing twice:
 * BullMQ ignores an add whose job id exists. One relay per service works at a time (advisory lock); woken by
 * the NOTIFY of the job outbox's trigger, with a slow poll as the fallback.
 */
export class JobRelay {
  private readonly batchSize: number;
  private readonly loop: RelayLoop;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: JobQueues,
    private readonly schema: string,
    logger: Logger,
    private readonly options: RelayOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 200;
    this.loop = new RelayLoop(`${schema}.job_outbox`, () => this.relayBatch(), logger, {
      batchSize: this.batchSize,
      pollIntervalMs: options.pollIntervalMs ?? (options.listener ? RELAY_FALLBACK_POLL_MS : RELAY_POLL_MS),
    });
  }

  async start(): Promise<void> {
    await this.options.listener?.listen(jobOutboxChannel(this.schema), () => this.loop.wake());
    this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Hands one batch to BullMQ; returns how many jobs it handed over. */
  async relayBatch(fault?: JobRelayFault): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await manager.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [
        `${this.schema}.job-relay`,
      ]);
      if (!locked) return 0;
      const rows: JobOutboxRow[] = await manager.query(
        `SELECT id, job_name, queue, payload, tenant_id, correlation_id FROM ${this.schema}.job_outbox
          WHERE sent_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;
      const byQueue = new Map<string, JobOutboxRow[]>();
      for (const row of rows) byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row]);
      for (const [queue, queueRows] of byQueue) {
        await this.queues.queue(queue).addBulk(
          queueRows.map((row) => {
            const { meta: stored, ...payload } = row.payload as { meta?: StoredJobMeta };
            const meta: JobMeta = {
              tenantId: row.tenant_id,
              correlationId: row.correlation_id,
              ...(stored?.trace ? { trace: stored.trace } : {}),
            };
            return {
              name: row.job_name,
              data: { ...payload, meta },
              opts: {
                jobId: outboxJobId(this.schema, row.id),
                ...delayOf(stored?.runAt),
                ...deduplicationOf(stored?.dedupe),
              },
            };
          }),
        );
      }
      if (fault === 'crash-after-send') throw new JobRelayCrash();
      await manager.query(`UPDATE ${this.schema}.job_outbox SET sent_at = now() WHERE id = ANY($1::bigint[])`, [
        rows.map((r) => r.id),
      ]);
      return rows.length;
    });
  }
}

/** What JobOutbox.record keeps in a row's `meta` besides the payload: the relay turns it into the job's options. */
interface StoredJobMeta extends Pick<JobMeta, 'trace'> {
  runAt?: string;
  dedupe?: JobDeduplication;
}

/** A job's BullMQ deduplication (throttle mode: `ttl` from the first add), when it was recorded with one. */
export function deduplicationOf(dedupe: JobDeduplication | undefined): { deduplication?: { id: string; ttl: number } } {
  return dedupe ? { deduplication: { id: dedupe.id, ttl: dedupe.ttlMs } } : {};
}

/** A delayed job's BullMQ delay: what is left until its `runAt` (none once due). */
export function delayOf(runAt: string | undefined, now: number = Date.now()): { delay?: number } {
  if (!runAt) return {};
  const left = Date.parse(runAt) - now;
  return Number.isFinite(left) && left > 0 ? { delay: left } : {};
}

/** Thrown by the 'crash-after-send' fault: the transaction rolls back as if the process had died. */
export class JobRelayCrash extends Error {
  constructor() {
    super('job relay crashed after handing jobs to BullMQ, before marking them sent (injected fault)');
  }
}
