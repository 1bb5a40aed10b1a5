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

/**
 * Writes an event into the service's outbox inside the caller's transaction. The relay publishes it
 * later; a crash between the two loses nothing, since the row commits with the state change or not at all.
 */
export class OutboxPublisher {
  constructor(private readonly schema: string) {}

  async publish<TSchema extends z.ZodType>(
    manager: EntityManager,
    definition: EventDefinition<TSchema>,
    options: PublishOptions<TSchema>,
  ): Promise<EventEnvelope<z.output<TSchema>>> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('OutboxPublisher.publish must run inside the transaction of the state change');
    }
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
    await manager.query(
      `INSERT INTO ${this.schema}.outbox (event_id, topic, message_key, envelope) VALUES ($1, $2, $3, $4)`,
      [envelope.id, definition.topic, options.key, JSON.stringify(envelope)],
    );
    return envelope;
  }
}
