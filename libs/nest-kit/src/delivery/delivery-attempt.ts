import { setTimeout as sleep } from 'node:timers/promises';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';

/** What one run of a delivery job ended in (a failed attempt throws, for BullMQ to retry it). */
export type DeliveryOutcome = 'sent' | 'already-sent' | 'missing';

/** The attempt a run of a delivery job is: its number (from 1) and whether BullMQ gives it no other after it. */
export interface DeliveryAttempt {
  attempt: number;
  lastAttempt: boolean;
}

/** The attempt this run of the job is. */
export const deliveryAttemptOf = (job: Pick<Job, 'attemptsMade' | 'opts'>): DeliveryAttempt => {
  const attempt = job.attemptsMade + 1;
  return { attempt, lastAttempt: attempt >= (job.opts.attempts ?? 1) };
};

/**
 * One run of a delivery job as one attempt (docs/decisions/0183, 0315): the delivery is read (`missing`: gone;
 * `already-sent`: an earlier attempt sent it), then sent — `send` records the SENT attempt itself, in the sending's
 * unit of work. When it throws, `failed` records the attempt with its error (at most 1,000 characters): the delivery is
 * RETRYING while BullMQ has attempts left (its attempts and backoff retry the job), FAILED after the last; the error is
 * thrown again for BullMQ.
 */
export async function runDeliveryAttempt<D extends { id: string; status: string; channel: string }>(
  job: Pick<Job, 'attemptsMade' | 'opts'>,
  logger: Logger,
  what: string,
  steps: {
    load: () => Promise<D | null>;
    send: (delivery: D, attempt: DeliveryAttempt) => Promise<void>;
    failed: (delivery: D, attempt: DeliveryAttempt, error: string) => Promise<void>;
  },
): Promise<DeliveryOutcome> {
  const current = deliveryAttemptOf(job);
  const delivery = await steps.load();
  if (!delivery) return 'missing';
  if (delivery.status === 'SENT') return 'already-sent';
  const about = { deliveryId: delivery.id, channel: delivery.channel, attempt: current.attempt };
  try {
    await steps.send(delivery, current);
    logger.info(about, `${what} delivered`);
    return 'sent';
  } catch (error) {
    const message = (error as Error).message || String(error);
    await steps.failed(delivery, current, message.slice(0, 1000));
    logger.warn({ ...about, lastAttempt: current.lastAttempt, err: message }, `${what} delivery attempt failed`);
    throw error;
  }
}

/**
 * What a delivery sends, once stored: `read` is asked every 250 ms until it answers something, for `waitMs` at most;
 * then the attempt fails with `failure` (e.g. a PDF printed right after the request that is not stored yet).
 */
export async function waitForStored<T>(read: () => Promise<T | null>, waitMs: number, failure: string): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const found = await read();
    if (found) return found;
    if (Date.now() >= deadline) throw new Error(failure);
    await sleep(250);
  }
}
