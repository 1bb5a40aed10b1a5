import { z } from 'zod';

/**
 * The envelope of every domain event (ARCHITECTURE.md §4).
 * `id` is a UUIDv7, so ids sort by time; `tenantId` is null only for platform-level events.
 */
export const eventActorSchema = z.object({
  type: z.enum(['user', 'service', 'system']),
  id: z.string().min(1),
});
export type EventActor = z.infer<typeof eventActorSchema>;

/**
 * A W3C trace context (https://www.w3.org/TR/trace-context/): the span of the change that caused an event or a job,
 * so the consumer's span joins the same trace across the outbox (docs/decisions/0091). Present only when tracing
 * is on; a malformed one is dropped, never a reason to refuse the message.
 */
export const traceContextSchema = z.object({
  traceparent: z.string().regex(/^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/),
  tracestate: z.string().max(512).optional(),
});
export type TraceContext = z.infer<typeof traceContextSchema>;
export const optionalTraceContext = traceContextSchema.optional().catch(undefined);

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  tenantId: z.uuid().nullable(),
  actor: eventActorSchema,
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
  /** The trace context of the change that wrote the event (also sent as the record's W3C headers). */
  trace: optionalTraceContext,
  payload: z.unknown(),
});
export type EventEnvelope<TPayload = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & {
  payload: TPayload;
};

/** Kafka headers carried beside the JSON value of every record. */
export const EVENT_HEADERS = {
  type: 'x-event-type',
  version: 'x-event-version',
  correlationId: 'x-correlation-id',
  tenantId: 'x-tenant-id',
  /** W3C trace context, the header names every tracing tool reads. */
  traceparent: 'traceparent',
  tracestate: 'tracestate',
} as const;

/** Headers added to a record sent to a dead-letter topic. */
export const DEAD_LETTER_HEADERS = {
  error: 'x-dlq-error',
  attempts: 'x-dlq-attempts',
  originalTopic: 'x-dlq-original-topic',
  originalPartition: 'x-dlq-original-partition',
  originalOffset: 'x-dlq-original-offset',
  consumerGroup: 'x-dlq-consumer-group',
  failedAt: 'x-dlq-failed-at',
} as const;

export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;
