import type { Kafka, Producer, Message } from 'kafkajs';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { EVENT_HEADERS, type EventEnvelope } from '@rayworks/contracts';
import type { PgListener } from '../database/pg-listener.js';
import { outboxChannel } from '../database/event-tables.js';
import { RelayLoop } from './relay-loop.js';
import { traceHeaders } from '../tracing/tracing.js';

interface OutboxRow {
  id: string;
  topic: string;
  message_key: string;
  envelope: EventEnvelope;
}

export interface RelayOptions {
  batchSize?: number;
  /**
   * How often to look for unpublished rows when idle: the fallback poll. 5 s when a listener wakes the relay,
   * 250 ms without one.
   */
  pollIntervalMs?: number;
  /**
   * Wakes the relay on the NOTIFY its table's trigger sends at commit (docs/decisions/0037), so rows are
   * published right after commit instead of on the next poll.
   */
  listener?: PgListener;
}

/** The fallback poll when a listener wakes the relay, and the poll without one. */
export const RELAY_FALLBACK_POLL_MS = 5000;
export const RELAY_POLL_MS = 250;

/** Fault injection for tests: what to do between publishing a batch and marking it published. */
export type RelayFault = 'crash-after-publish';

/**
 * Publishes outbox rows to Kafka with the idempotent producer, in outbox order, then marks them published.
 * One relay per service works at a time (a transaction-scoped advisory lock), so one aggregate's events
 * keep their order. If it dies after publishing and before marking, the rows are published again:
 * consumers' inboxes drop the duplicates. Woken by PostgreSQL NOTIFY right after a commit that wrote rows
 * (when given a listener), with a slow poll as the fallback.
 */
export class OutboxRelay {
  private producer?: Producer;
  private readonly batchSize: number;
  private readonly loop: RelayLoop;

  constructor(
    private readonly dataSource: DataSource,
    private readonly kafka: Kafka,
    private readonly schema: string,
    private readonly logger: Logger,
    private readonly options: RelayOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.loop = new RelayLoop(`${schema}.outbox`, () => this.publishBatch(), logger, {
      batchSize: this.batchSize,
      pollIntervalMs: options.pollIntervalMs ?? (options.listener ? RELAY_FALLBACK_POLL_MS : RELAY_POLL_MS),
    });
  }

  async start(): Promise<void> {
    await this.connect();
    await this.options.listener?.listen(outboxChannel(this.schema), () => this.loop.wake());
    this.loop.start();
  }

  /** Publishes now (or right after the batch in flight), as a NOTIFY does. */
  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.producer?.disconnect();
    this.producer = undefined;
  }

  async connect(): Promise<void> {
    if (this.producer) return;
    const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
    await producer.connect();
    this.producer = producer;
  }

  /**
   * Publishes one batch; returns how many rows it published. A batch that fails (the broker down or restarted) drops
   * the producer: the next batch connects a new one, with a new producer id, so a broker that lost the old producer's
   * state (an unclean restart) cannot leave the relay failing for ever (docs/decisions/0198).
   */
  async publishBatch(fault?: RelayFault): Promise<number> {
    try {
      return await this.publishWith(fault);
    } catch (error) {
      if (!(error instanceof RelayCrash)) await this.dropProducer();
      throw error;
    }
  }

  private async dropProducer(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    await producer?.disconnect().catch(() => undefined);
  }

  private async publishWith(fault?: RelayFault): Promise<number> {
    if (!this.producer) await this.connect();
    const producer = this.producer!;
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await manager.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [
        `${this.schema}.outbox-relay`,
      ]);
      if (!locked) return 0;
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, topic, message_key, envelope FROM ${this.schema}.outbox
          WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;
      const byTopic = new Map<string, Message[]>();
      for (const row of rows) {
        const messages = byTopic.get(row.topic) ?? [];
        messages.push({
          key: row.message_key,
          value: JSON.stringify(row.envelope),
          headers: {
            [EVENT_HEADERS.type]: row.envelope.type,
            [EVENT_HEADERS.version]: String(row.envelope.version),
            [EVENT_HEADERS.correlationId]: row.envelope.correlationId,
            [EVENT_HEADERS.tenantId]: row.envelope.tenantId ?? '',
            ...traceHeaders(row.envelope.trace),
          },
        });
        byTopic.set(row.topic, messages);
      }
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
      if (fault === 'crash-after-publish') throw new RelayCrash();
      await manager.query(`UPDATE ${this.schema}.outbox SET published_at = now() WHERE id = ANY($1::bigint[])`, [
        rows.map((r) => r.id),
      ]);
      return rows.length;
    });
  }
}

/** Thrown by the 'crash-after-publish' fault: the transaction rolls back as if the process had died. */
export class RelayCrash extends Error {
  constructor() {
    super('relay crashed after publishing, before marking rows published (injected fault)');
  }
}
