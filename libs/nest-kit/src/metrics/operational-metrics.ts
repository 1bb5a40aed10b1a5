import type { Admin } from 'kafkajs';
import type { Logger } from 'pino';
import { Counter, Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import { QUEUES, deadLetterTopic } from '@rayworks/contracts';
import { setTenant, SYSTEM_LEVEL } from '../database/tenant-context.js';
import type { ConsumerStatus } from '../events/event-consumer.js';
import type { JobQueues } from '../jobs/job-queues.js';
import { LagAges } from './lag-ages.js';
import type { Metrics } from './metrics.js';

/** The BullMQ job states reported per queue. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'] as const;

/** A collector that has not answered by then leaves its series out of this scrape. */
const COLLECT_TIMEOUT_MS = 3000;

interface Backlog {
  events: number;
  eventAge: number;
  jobs: number;
  jobAge: number;
}

interface WatchedGroup {
  groupId: string;
  topics: readonly string[];
}

interface PartitionLag {
  labels: { group: string; topic: string; partition: string };
  lag: number;
  /** Seconds the oldest message not committed has waited (LagAges). */
  ageSeconds: number;
}

/** A consumer whose state the metrics report (the kit's EventConsumer). */
export interface WatchedConsumer {
  readonly active: boolean;
  status(): ConsumerStatus;
}

export interface OperationalMetricsOptions {
  /** The service whose outbox, job outbox, dead letters and queues are reported. */
  service: string;
  /** Its database schema. */
  schema: string;
}

/**
 * The series operators watch, beside HTTP and process metrics (docs/decisions/0090), computed when scraped:
 * - outbox and job-outbox backlog and the age of the oldest row not yet handed over, per service schema;
 * - dead letters per topic: records in `<topic>.dlq` for each topic the service reads;
 * - consumer lag per group, topic and partition (latest offset − committed offset, kafkajs admin), and the age of that
 *   lag: how long the oldest message not committed has waited (LagAges, docs/decisions/0199);
 * - whether the process's consumer is a member of its group, and how often it crashed (docs/decisions/0198);
 * - dead letters not yet replayed or discarded, per schema (the dead_letters table, docs/decisions/0200);
 * - BullMQ jobs per queue and state (Queue.getJobCounts) for the service's queues, and stalled jobs seen by the
 *   process's own workers.
 * Every process of a service reports the same database- and queue-derived values (label `service` tells them
 * apart): aggregate with `max by (schema)` / `max by (queue, state)`; dead letters are reported by each API process
 * whose service reads the topic: `max by (topic)`.
 */
export class OperationalMetrics {
  private readonly groups: WatchedGroup[] = [];
  private readonly consumers: WatchedConsumer[] = [];
  private readonly deadLetterTopics = new Set<string>();
  private readonly lagAges = new LagAges();
  private admin?: Admin;
  private backlogQuery?: Promise<Backlog>;
  private lagQuery?: Promise<PartitionLag[]>;
  readonly stalledJobs: Counter<'queue'>;
  private readonly collectErrors: Counter<'collector'>;

  constructor(
    private readonly metrics: Metrics,
    private readonly dataSource: DataSource,
    private readonly queues: JobQueues,
    private readonly options: OperationalMetricsOptions,
    private readonly logger: Logger,
  ) {
    const registers = [metrics.registry];
    this.collectErrors = new Counter({
      name: 'rayworks_metrics_collect_errors_total',
      help: 'Scrapes in which a collector failed or timed out (its series were left out)',
      labelNames: ['collector'],
      registers,
    });
    this.stalledJobs = new Counter({
      name: 'rayworks_queue_jobs_stalled_total',
      help: "Jobs this process's workers found stalled (their worker stopped) and moved back to wait",
      labelNames: ['queue'],
      registers,
    });
    const backlogGauge = (name: string, help: string, value: (row: Backlog) => number): Gauge<'schema'> => {
      const gauge: Gauge<'schema'> = new Gauge({
        name,
        help,
        labelNames: ['schema'],
        registers,
        collect: () =>
          this.guard('outbox', async () => {
            gauge.reset();
            gauge.set({ schema: options.schema }, value(await this.backlog()));
          }),
      });
      return gauge;
    };
    backlogGauge('rayworks_outbox_pending_events', 'Outbox rows not yet published to Kafka', (r) => r.events);
    backlogGauge(
      'rayworks_outbox_oldest_pending_age_seconds',
      'Age of the oldest outbox row not yet published (0 when none waits)',
      (r) => r.eventAge,
    );
    backlogGauge('rayworks_job_outbox_pending_jobs', 'Job outbox rows not yet handed to BullMQ', (r) => r.jobs);
    backlogGauge(
      'rayworks_job_outbox_oldest_pending_age_seconds',
      'Age of the oldest job outbox row not yet handed to BullMQ (0 when none waits)',
      (r) => r.jobAge,
    );
    const deadLetters: Gauge<'topic'> = new Gauge({
      name: 'rayworks_dead_letters',
      help: 'Messages held in the dead-letter topic of each topic the service reads (<topic>.dlq, retained records)',
      labelNames: ['topic'],
      registers,
      collect: () =>
        this.guard('dead-letters', async () => {
          deadLetters.reset();
          for (const { topic, count } of await this.deadLetterCounts()) deadLetters.set({ topic }, count);
        }),
    });
    const lag: Gauge<'group' | 'topic' | 'partition'> = new Gauge({
      name: 'rayworks_kafka_consumer_lag',
      help: 'Messages a consumer group has not yet committed, per topic and partition (latest offset - committed)',
      labelNames: ['group', 'topic', 'partition'],
      registers,
      collect: () =>
        this.guard('consumer-lag', async () => {
          lag.reset();
          for (const partition of await this.sharedLag()) lag.set(partition.labels, partition.lag);
        }),
    });
    const lagAge: Gauge<'group' | 'topic' | 'partition'> = new Gauge({
      name: 'rayworks_kafka_consumer_lag_seconds',
      help: 'How long the oldest message a consumer group has not committed has waited, per topic and partition (0 when none waits; a lower bound, as fine as the scrapes)',
      labelNames: ['group', 'topic', 'partition'],
      registers,
      collect: () =>
        this.guard('consumer-lag', async () => {
          lagAge.reset();
          for (const partition of await this.sharedLag()) lagAge.set(partition.labels, partition.ageSeconds);
        }),
    });
    const running: Gauge<'group'> = new Gauge({
      name: 'rayworks_kafka_consumer_running',
      help: "1 while the process's consumer is a member of its group and consuming, 0 while it is not (starting, rebalancing, crashed, stopped)",
      labelNames: ['group'],
      registers,
      collect: () => {
        running.reset();
        for (const c of this.consumers)
          running.set({ group: c.status().groupId }, c.status().state === 'joined' ? 1 : 0);
      },
    });
    const crashes: Counter<'group'> = new Counter({
      name: 'rayworks_kafka_consumer_crashes_total',
      help: "Crashes of the process's consumer (each is followed by a restart: kafkajs' own or the kit's)",
      labelNames: ['group'],
      registers,
      collect: () => {
        crashes.reset();
        for (const c of this.consumers) crashes.inc({ group: c.status().groupId }, c.status().crashes);
      },
    });
    const openDeadLetters: Gauge<'schema'> = new Gauge({
      name: 'rayworks_dead_letters_open',
      help: "Dead letters in the service's dead_letters table not yet replayed or discarded (every company's and those of none)",
      labelNames: ['schema'],
      registers,
      collect: () =>
        this.guard('dead-letters-open', async () => {
          openDeadLetters.reset();
          openDeadLetters.set({ schema: options.schema }, await this.openDeadLetters());
        }),
    });
    const jobs: Gauge<'queue' | 'state'> = new Gauge({
      name: 'rayworks_queue_jobs',
      help: "Jobs in the service's BullMQ queues, per queue and state",
      labelNames: ['queue', 'state'],
      registers,
      collect: () =>
        this.guard('queues', async () => {
          jobs.reset();
          for (const queue of this.serviceQueues()) {
            const counts = await this.queues.queue(queue).getJobCounts(...QUEUE_STATES);
            for (const state of QUEUE_STATES) jobs.set({ queue, state }, counts[state] ?? 0);
          }
        }),
    });
  }

  /** The Kafka admin client the consumer-lag collector asks (the kit's, connected at start). */
  useAdmin(admin: Admin): void {
    this.admin = admin;
  }

  /** Reports how many messages wait in the dead-letter topic of each of these topics. */
  watchDeadLetters(topics: readonly string[]): void {
    for (const topic of topics) this.deadLetterTopics.add(topic);
  }

  /** Reports whether the consumer runs in its group, and its crashes (a consumer without handlers is left out). */
  watchConsumer(consumer: WatchedConsumer): void {
    if (consumer.active && !this.consumers.includes(consumer)) this.consumers.push(consumer);
  }

  /** Reports the lag of a consumer group over the topics it subscribes to. */
  watchConsumerGroup(groupId: string, topics: readonly string[]): void {
    if (topics.length === 0 || this.groups.some((g) => g.groupId === groupId)) return;
    this.groups.push({ groupId, topics });
  }

  /** The service's queues: those named `<service>.<job>` in QUEUES. */
  serviceQueues(): string[] {
    return Object.values(QUEUES).filter((queue) => queue.startsWith(`${this.options.service}.`));
  }

  /** One query per scrape for the four backlog gauges (their collectors run together and share it). */
  private backlog(): Promise<Backlog> {
    this.backlogQuery ??= this.queryBacklog().finally(() => {
      this.backlogQuery = undefined;
    });
    return this.backlogQuery;
  }

  private async queryBacklog(): Promise<Backlog> {
    const s = this.options.schema;
    const [row] = await this.dataSource.query(
      `SELECT
         (SELECT count(*) FROM ${s}.outbox WHERE published_at IS NULL)::int AS events,
         (SELECT COALESCE(extract(epoch FROM now() - min(created_at)), 0) FROM ${s}.outbox WHERE published_at IS NULL)::float8 AS event_age,
         (SELECT count(*) FROM ${s}.job_outbox WHERE sent_at IS NULL)::int AS jobs,
         (SELECT COALESCE(extract(epoch FROM now() - min(created_at)), 0) FROM ${s}.job_outbox WHERE sent_at IS NULL)::float8 AS job_age`,
    );
    return { events: row.events, eventAge: row.event_age, jobs: row.jobs, jobAge: row.job_age };
  }

  /**
   * Records retained in `<topic>.dlq` (high − low watermark, every partition). Counted on Kafka, not in the
   * service's dead_letters table: that table is readable per tenant only (row-level security), and the topic is
   * what every consumer of the topic dead-letters into.
   */
  private async deadLetterCounts(): Promise<Array<{ topic: string; count: number }>> {
    const admin = this.admin;
    if (!admin) return [];
    const counts: Array<{ topic: string; count: number }> = [];
    for (const topic of [...this.deadLetterTopics].sort()) {
      const offsets = await admin.fetchTopicOffsets(deadLetterTopic(topic));
      counts.push({ topic, count: offsets.reduce((sum, p) => sum + Number(BigInt(p.high) - BigInt(p.low)), 0) });
    }
    return counts;
  }

  /**
   * Dead letters not yet resolved, of every tenant and of none: counted in the 'system' context, which the
   * dead_letters policies let count every row (docs/decisions/0200).
   */
  private async openDeadLetters(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await setTenant(manager, null, { level: SYSTEM_LEVEL });
      const [row] = await manager.query(
        `SELECT count(*)::int AS n FROM ${this.options.schema}.dead_letters WHERE resolved_at IS NULL`,
      );
      return row.n as number;
    });
  }

  /** One lag query per scrape for the lag and lag-age gauges (their collectors run together and share it). */
  private sharedLag(): Promise<PartitionLag[]> {
    this.lagQuery ??= this.consumerLag().finally(() => {
      this.lagQuery = undefined;
    });
    return this.lagQuery;
  }

  private async consumerLag(): Promise<PartitionLag[]> {
    const admin = this.admin;
    if (!admin || this.groups.length === 0) return [];
    const now = Date.now();
    const result: PartitionLag[] = [];
    const latest = new Map<string, Array<{ partition: number; high: string; low: string }>>();
    for (const group of this.groups) {
      const committed = await admin.fetchOffsets({ groupId: group.groupId, topics: [...group.topics] });
      for (const { topic, partitions } of committed) {
        if (!latest.has(topic)) latest.set(topic, await admin.fetchTopicOffsets(topic));
        const ends = latest.get(topic)!;
        for (const { partition, offset } of partitions) {
          const end = ends.find((e) => e.partition === partition);
          if (!end) continue;
          // Nothing committed yet (-1), or committed before what is still retained: all that is retained waits.
          const low = BigInt(end.low);
          const from = offset === '-1' || BigInt(offset) < low ? low : BigInt(offset);
          const lag = BigInt(end.high) - from;
          result.push({
            labels: { group: group.groupId, topic, partition: String(partition) },
            lag: Number(lag < 0n ? 0n : lag),
            ageSeconds: this.lagAges.observe(`${group.groupId}/${topic}/${partition}`, BigInt(end.high), from, now),
          });
        }
      }
    }
    return result;
  }

  /** Runs a collector with a time limit; a failure leaves its series out and is counted, never fails the scrape. */
  private async guard(collector: string, collect: () => Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        collect(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out after ${COLLECT_TIMEOUT_MS} ms`)), COLLECT_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      this.collectErrors.inc({ collector });
      this.logger.warn({ err: error, collector }, 'metrics collector failed');
    } finally {
      clearTimeout(timer);
    }
  }
}
