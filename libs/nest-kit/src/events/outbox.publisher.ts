import { v7 as uuidv7 } from 'uuid';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { EventActor, EventDefinition, EventEnvelope } from '@rayworks/contracts';
import { currentCorrelationId, currentContext } from '../logging/context.js';
import { producerTraceContext } from '../tracing/tracing.js';

export interface PublishOptions<TSchema extends z.ZodType> {
  payload: z.input<TSchema>;
  /** The aggregate id: the Kafka record key, so one aggregate's events stay in order. */
  key: string;
  tenantId: string | null;
  actor: EventActor;
  causationId?: string | null;
}

/** One row of the outbox, built by `OutboxPublisher.build` and written by `OutboxPublisher.write`. */
export interface OutboxRow {
  eventId: string;
  topic: string;
  key: string;
  /** The envelope as JSON text. */
  envelope: string;
}

/** An event ready for the outbox: its envelope (the payload parsed by its schema) and the row that carries it. */
export interface BuiltEvent<TPayload> {
  envelope: EventEnvelope<TPayload>;
  row: OutboxRow;
}

/**
 * Writes an event into the service's outbox inside the caller's transaction. The relay publishes it
 * later; a crash between the two loses nothing, since the row commits with the state change or not at all.
 * `publish` is `build` then `write` of one row; a unit of work builds each event when it is published and writes a
 * change's rows together at its end (docs/decisions/0030-unit-of-work-and-typed-persistence.md).
 */
export class OutboxPublisher {
  constructor(private readonly schema: string) {}

  async publish<TSchema extends z.ZodType>(
    manager: EntityManager,
    definition: EventDefinition<TSchema>,
    options: PublishOptions<TSchema>,
  ): Promise<EventEnvelope<z.output<TSchema>>> {
    this.ensureTransaction(manager);
    const { envelope, row } = this.build(definition, options);
    await this.write(manager, [row]);
    return envelope;
  }

  /** Parses the payload (throws when it does not match the event's schema) and builds the envelope; writes nothing. */
  build<TSchema extends z.ZodType>(
    definition: EventDefinition<TSchema>,
    options: PublishOptions<TSchema>,
  ): BuiltEvent<z.output<TSchema>> {
    const payload = definition.schema.parse(options.payload);
    const id = uuidv7();
    // With tracing on, the span of the change travels with the row: the consumer's span joins its trace.
    const trace = producerTraceContext(`publish ${definition.topic}`, {
      'messaging.system': 'kafka',
      'messaging.operation.type': 'create',
      'messaging.destination.name': definition.topic,
      'messaging.message.id': id,
      'messaging.event.type': definition.type,
    });
    const envelope: EventEnvelope<z.output<TSchema>> = {
      id,
      type: definition.type,
      version: definition.version,
      occurredAt: new Date().toISOString(),
      tenantId: options.tenantId,
      actor: options.actor,
      correlationId: currentCorrelationId(),
      causationId: options.causationId ?? currentContext()?.requestId ?? null,
      ...(trace ? { trace } : {}),
      payload,
    };
    return {
      envelope,
      row: { eventId: id, topic: definition.topic, key: options.key, envelope: JSON.stringify(envelope) },
    };
  }

  /**
   * Writes rows into the outbox in ONE statement, their ids ascending in the order given (the relay publishes by
   * id, so the events keep that order). Nothing to write, no statement.
   */
  async write(manager: EntityManager, rows: readonly OutboxRow[]): Promise<void> {
    this.ensureTransaction(manager);
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO ${this.schema}.outbox (event_id, topic, message_key, envelope)
       SELECT r.event_id, r.topic, r.message_key, r.envelope
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[]) WITH ORDINALITY AS r(event_id, topic, message_key, envelope, n)
        ORDER BY r.n`,
      [rows.map((r) => r.eventId), rows.map((r) => r.topic), rows.map((r) => r.key), rows.map((r) => r.envelope)],
    );
  }

  private ensureTransaction(manager: EntityManager): void {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('OutboxPublisher.publish must run inside the transaction of the state change');
    }
  }
}
