import type { Consumer, EachMessagePayload, Kafka, Producer } from 'kafkajs';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  DEAD_LETTER_HEADERS,
  deadLetterTopic,
  eventEnvelopeSchema,
  eventKey,
  type EventDefinition,
  type EventEnvelope,
} from '@rayworks/contracts';
import { runWithContext } from '../logging/context.js';
import { setTenant } from '../database/tenant-context.js';

export type EventHandler<TPayload> = (envelope: EventEnvelope<TPayload>, manager: EntityManager) => Promise<void>;

interface Registration {
  definition: EventDefinition;
  handler: EventHandler<unknown>;
}

export interface EventConsumerOptions {
  /** `<consumer>.<purpose>`, e.g. `cases.worklist`. */
  groupId: string;
  topics: readonly string[];
  /** Attempts before a message goes to the dead-letter topic. */
  maxAttempts?: number;
  /** First back-off between attempts; doubles each time. */
  retryBackoffMs?: number;
  fromBeginning?: boolean;
}

/** A message that can never be handled as it is (bad JSON, bad envelope, unknown version, bad payload). */
export class PoisonMessageError extends Error {}

/**
 * Consumes domain events. Each handled event is recorded in the service's inbox in the same transaction
 * as its effect, so a redelivered event has no second effect. A message that still fails after the
 * retries goes to `<topic>.dlq` (and the service's dead_letters table), and consumption goes on.
 * Events of types this consumer does not handle are passed over; an unknown version of a handled type
 * is a poison message.
 */
export class EventConsumer {
  private readonly registrations = new Map<string, Registration>();
  private readonly handledTypes = new Set<string>();
  private consumer?: Consumer;
  private producer?: Producer;
  private readonly maxAttempts: number;
  private readonly retryBackoffMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly kafka: Kafka,
    private readonly schema: string,
    private readonly logger: Logger,
    private readonly options: EventConsumerOptions,
  ) {
    this.maxAttempts = options.maxAttempts ?? 3;
    this.retryBackoffMs = options.retryBackoffMs ?? 200;
  }

  get groupId(): string {
    return this.options.groupId;
  }

  on<TSchema extends z.ZodType>(definition: EventDefinition<TSchema>, handler: EventHandler<z.output<TSchema>>): this {
    if (!this.options.topics.includes(definition.topic)) {
      throw new Error(`${this.options.groupId} does not subscribe to ${definition.topic}`);
    }
    this.registrations.set(eventKey(definition.type, definition.version), {
      definition,
      handler: handler as EventHandler<unknown>,
    });
    this.handledTypes.add(definition.type);
    return this;
  }

  async start(): Promise<void> {
    this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await this.producer.connect();
    this.consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      rebalanceTimeout: 10_000,
    });
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: [...this.options.topics],
      fromBeginning: this.options.fromBeginning ?? true,
    });
    await this.consumer.run({ autoCommit: true, eachMessage: (payload) => this.handleWithRetries(payload) });
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
    await this.producer?.disconnect();
    this.consumer = undefined;
    this.producer = undefined;
  }

  private async handleWithRetries(payload: EachMessagePayload): Promise<void> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      try {
        await this.handle(payload);
        return;
      } catch (error) {
        lastError = error;
        this.logger.warn(
          { err: error, topic: payload.topic, partition: payload.partition, offset: payload.message.offset, attempt },
          'event handling failed',
        );
        if (attempt < this.maxAttempts) await sleep(this.retryBackoffMs * 2 ** (attempt - 1));
      }
    }
    await this.deadLetter(payload, lastError);
  }

  /** Parses and validates one record, then applies its handler exactly once. */
  private async handle({ topic, message }: EachMessagePayload): Promise<void> {
    const raw = message.value?.toString('utf8') ?? '';
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new PoisonMessageError('value is not valid JSON');
    }
    const parsed = eventEnvelopeSchema.safeParse(json);
    if (!parsed.success) throw new PoisonMessageError(`not an event envelope: ${parsed.error.issues[0]?.message}`);
    const envelope = parsed.data as EventEnvelope;
    if (!this.handledTypes.has(envelope.type)) return;
    const registration = this.registrations.get(eventKey(envelope.type, envelope.version));
    if (!registration) throw new PoisonMessageError(`unknown version ${envelope.version} of ${envelope.type}`);
    const payload = registration.definition.schema.safeParse(envelope.payload);
    if (!payload.success)
      throw new PoisonMessageError(`invalid ${envelope.type} payload: ${payload.error.issues[0]?.message}`);

    await runWithContext({ correlationId: envelope.correlationId, tenantId: envelope.tenantId }, () =>
      this.dataSource.transaction(async (manager) => {
        const inserted: unknown[] = await manager.query(
          `INSERT INTO ${this.schema}.inbox (event_id, consumer_group, topic, event_type)
           VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id`,
          [envelope.id, this.options.groupId, topic, envelope.type],
        );
        if (inserted.length === 0) {
          this.logger.debug({ eventId: envelope.id }, 'duplicate event skipped');
          return;
        }
        await setTenant(manager, envelope.tenantId);
        await registration.handler({ ...envelope, payload: payload.data }, manager);
      }),
    );
  }

  private async deadLetter({ topic, partition, message }: EachMessagePayload, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    await this.producer!.send({
      topic: deadLetterTopic(topic),
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            ...message.headers,
            [DEAD_LETTER_HEADERS.error]: reason,
            [DEAD_LETTER_HEADERS.attempts]: String(this.maxAttempts),
            [DEAD_LETTER_HEADERS.originalTopic]: topic,
            [DEAD_LETTER_HEADERS.originalPartition]: String(partition),
            [DEAD_LETTER_HEADERS.originalOffset]: message.offset,
            [DEAD_LETTER_HEADERS.consumerGroup]: this.options.groupId,
            [DEAD_LETTER_HEADERS.failedAt]: new Date().toISOString(),
          },
        },
      ],
    });
    await this.dataSource.query(
      `INSERT INTO ${this.schema}.dead_letters (consumer_group, topic, partition, "offset", message_key, value, error, attempts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        this.options.groupId,
        topic,
        partition,
        message.offset,
        message.key?.toString() ?? null,
        message.value?.toString('utf8') ?? null,
        reason,
        this.maxAttempts,
      ],
    );
    this.logger.error({ topic, partition, offset: message.offset, reason }, 'event sent to the dead-letter topic');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
