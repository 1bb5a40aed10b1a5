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

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  tenantId: z.uuid().nullable(),
  actor: eventActorSchema,
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
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
