import { describe, expect, it } from '@jest/globals';
import { createLogger } from '../logging/logger.js';
import { deliveryAttemptOf, runDeliveryAttempt, waitForStored, type DeliveryAttempt } from './delivery-attempt.js';

const logger = createLogger('spec', 'silent');
const jobAt = (attemptsMade: number, attempts = 3) => ({ attemptsMade, opts: { attempts } });
const delivery = (status: string) => ({ id: 'd1', status, channel: 'sms' });

/** Runs one attempt and tells what was sent and what was recorded as failed. */
async function run(job: ReturnType<typeof jobAt>, status: string | null, send: () => Promise<void>) {
  const sent: DeliveryAttempt[] = [];
  const failed: [DeliveryAttempt, string][] = [];
  const outcome = runDeliveryAttempt(job, logger, 'spec', {
    load: () => Promise.resolve(status === null ? null : delivery(status)),
    send: async (_d, attempt) => {
      sent.push(attempt);
      await send();
    },
    failed: (_d, attempt, error) => {
      failed.push([attempt, error]);
      return Promise.resolve();
    },
  });
  return { outcome, sent, failed };
}

describe('a delivery attempt', () => {
  it('is the job run plus one, the last when BullMQ gives no other', () => {
    expect(deliveryAttemptOf(jobAt(0))).toEqual({ attempt: 1, lastAttempt: false });
    expect(deliveryAttemptOf(jobAt(2))).toEqual({ attempt: 3, lastAttempt: true });
    expect(deliveryAttemptOf({ attemptsMade: 0, opts: {} })).toEqual({ attempt: 1, lastAttempt: true });
  });

  it('sends a delivery not sent yet, and records no failure', async () => {
    const r = await run(jobAt(1), 'RETRYING', () => Promise.resolve());
    await expect(r.outcome).resolves.toBe('sent');
    expect(r.sent).toEqual([{ attempt: 2, lastAttempt: false }]);
    expect(r.failed).toEqual([]);
  });

  it('sends nothing for a delivery gone or already sent', async () => {
    for (const [status, outcome] of [
      [null, 'missing'],
      ['SENT', 'already-sent'],
    ] as const) {
      const r = await run(jobAt(0), status, () => Promise.resolve());
      await expect(r.outcome).resolves.toBe(outcome);
      expect(r.sent).toEqual([]);
    }
  });

  it('records a failed attempt with its error (at most 1,000 characters) and throws it again for BullMQ', async () => {
    const error = new Error('x'.repeat(1500));
    const r = await run(jobAt(2), 'RETRYING', () => Promise.reject(error));
    await expect(r.outcome).rejects.toBe(error);
    expect(r.failed).toEqual([[{ attempt: 3, lastAttempt: true }, 'x'.repeat(1000)]]);
  });
});

describe('waiting for what a delivery sends', () => {
  it('answers what is stored once it is', async () => {
    let asked = 0;
    const found = await waitForStored(() => Promise.resolve(++asked < 2 ? null : 'pdf'), 5_000, 'not stored');
    expect([found, asked]).toEqual(['pdf', 2]);
  });

  it('fails the attempt with its message when nothing is stored in time', async () => {
    await expect(waitForStored(() => Promise.resolve(null), 0, 'the PDF is not stored yet')).rejects.toThrow(
      'the PDF is not stored yet',
    );
  });
});
