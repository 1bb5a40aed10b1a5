import { z } from 'zod';
import { defineApi, endpoint } from '../api/endpoint.js';
import { SERVICE_NAMES, type ServiceName } from '../services/services.js';

/**
 * Dead letters: the events a service's consumer gave up on (docs/decisions/0076, 0200). Every service answers the same
 * three routes under `/ops/dead-letters`, from its own `dead_letters` table:
 * - a company's RAYWORKS_ADMIN or SUPER_ADMIN reads, replays and discards its own company's;
 * - the platform's operator (SUPER_ADMIN of the platform, no company: docs/decisions/0085) those of no company;
 * - anyone else is refused (403), and a dead letter out of the caller's reach is not found (404).
 * Replaying hands the stored record to the service's consumer group again, in the service itself: handled, it is
 * marked replayed; failing again, the answer is 409 with the reason and nothing changes. Discarding marks it
 * discarded with the operator's reason. Both are recorded in the service's audit log.
 */
export const DEAD_LETTER_STATES = ['open', 'replayed', 'discarded'] as const;
export type DeadLetterState = (typeof DEAD_LETTER_STATES)[number];

export const deadLetterSchema = z.object({
  id: z.string(),
  consumerGroup: z.string(),
  topic: z.string(),
  partition: z.number().int(),
  offset: z.string(),
  messageKey: z.string().nullable(),
  value: z.string().nullable(),
  error: z.string(),
  attempts: z.number().int(),
  failedAt: z.string(),
  /** The company of the failed event (null: the platform's, or not readable). */
  tenantId: z.string().nullable(),
  state: z.enum(DEAD_LETTER_STATES),
  resolvedAt: z.string().nullable(),
  /** The user who replayed or discarded it. */
  resolvedBy: z.string().nullable(),
  /** A discard's reason. */
  note: z.string().nullable(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

/** A dead letter's id: its row number in the service's table. */
const deadLetterId = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/, 'must be a dead letter id (a positive whole number)')
  .describe('The dead letter id');

export const DEAD_LETTER_LIMITS = { defaultLimit: 50, maxLimit: 500, noteMax: 500 } as const;

export const DEAD_LETTER_MESSAGES = {
  notFound: 'Dead letter not found.',
  alreadyResolved: 'This dead letter was already replayed or discarded.',
  otherConsumer: 'This dead letter belongs to a consumer group this service no longer runs.',
  failedAgain: 'The event failed again:',
  replayed: 'The event was handled.',
  discarded: 'The dead letter was discarded.',
} as const;

/** The dead-letter routes of one service (the kit's DeadLettersController serves them in every service). */
export const deadLettersApi = (service: ServiceName) =>
  defineApi(service, {
    listDeadLetters: endpoint({
      method: 'GET',
      path: '/ops/dead-letters',
      access: 'authenticated',
      body: z
        .object({
          limit: z.coerce
            .number()
            .int()
            .min(1)
            .max(DEAD_LETTER_LIMITS.maxLimit)
            .default(DEAD_LETTER_LIMITS.defaultLimit),
          state: z.enum([...DEAD_LETTER_STATES, 'all']).default('open'),
        })
        .strict(),
      data: z.array(deadLetterSchema),
    }),
    replayDeadLetter: endpoint({
      method: 'POST',
      path: '/ops/dead-letters/replay',
      access: 'authenticated',
      body: z.object({ id: deadLetterId }).strict(),
      data: deadLetterSchema,
      errors: [404, 409],
    }),
    discardDeadLetter: endpoint({
      method: 'POST',
      path: '/ops/dead-letters/discard',
      access: 'authenticated',
      body: z.object({ id: deadLetterId, reason: z.string().trim().min(1).max(DEAD_LETTER_LIMITS.noteMax) }).strict(),
      data: deadLetterSchema,
      errors: [404, 409],
    }),
  });

export type DeadLettersApi = ReturnType<typeof deadLettersApi>;

/** Every service's dead-letter routes, by service: `DEAD_LETTERS_API.cases.replayDeadLetter`. */
export const DEAD_LETTERS_API = Object.fromEntries(
  SERVICE_NAMES.map((service) => [service, deadLettersApi(service)]),
) as Record<ServiceName, DeadLettersApi>;

/** The audit actions of the routes. */
export const DEAD_LETTER_AUDIT_ACTIONS = {
  replayed: 'dead-letter.replayed',
  discarded: 'dead-letter.discarded',
} as const;
