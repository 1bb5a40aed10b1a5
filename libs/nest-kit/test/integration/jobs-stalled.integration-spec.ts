import { afterAll, describe, expect, it } from '@jest/globals';
import type { Job } from 'bullmq';
import { createLogger, createQueue, createRedis, createWorker } from '../../src/index.js';
import { crash, eventually, infraEnv, uniqueSuffix } from '@rayworks/testing';
import { startFixture } from '../support/fixtures.js';

/** BullMQ on the real Redis: a job whose worker dies mid-job is picked up again and finishes once. */
describe('job recovery after a worker dies', () => {
  const queueName = `it-stalled-${uniqueSuffix()}`;
  const counters = `it:${queueName}`;
  const redis = createRedis(infraEnv().redisUrl, 'it-jobs');
  const queue = createQueue<{ order: number }>(queueName, createRedis(infraEnv().redisUrl, 'it-jobs-queue'));
  const closers: Array<() => Promise<unknown>> = [];

  afterAll(async () => {
    for (const close of closers) await close();
    await queue.obliterate({ force: true });
    await queue.close();
    await redis.del(`${counters}:started`, `${counters}:completed`);
    redis.disconnect();
  });

  it('runs the job again on a live worker and completes it exactly once', async () => {
    const hanging = startFixture('stalled-worker.mjs', {
      QUEUE: queueName,
      COUNTER_PREFIX: counters,
      REDIS_URL: infraEnv().redisUrl,
    });
    const job = await queue.add('render', { order: 7, meta: { tenantId: null, correlationId: 'it-corr-7' } });

    await eventually(
      async () => Number(await redis.get(`${counters}:started`)),
      (n) => n === 1,
      { what: 'the first worker to start the job' },
    );
    await eventually(
      async () => (await queue.getJob(job.id!))?.progress,
      (p) => p === 50,
      { what: 'progress 50 reported' },
    );
    await crash(hanging);
    expect(await (await queue.getJob(job.id!))!.getState()).toBe('active');

    const stalled: string[] = [];
    const seenCorrelation: string[] = [];
    const live = createWorker<{ order: number }, { finishedBy: string; order: number }>(
      queueName,
      async (j: Job) => {
        await redis.incr(`${counters}:started`);
        seenCorrelation.push(j.data.meta.correlationId);
        await redis.incr(`${counters}:completed`);
        return { finishedBy: 'live-worker', order: j.data.order };
      },
      createRedis(infraEnv().redisUrl, 'it-live-worker'),
      createLogger('it-live-worker', 'silent'),
      { lockDuration: 2000, stalledInterval: 1000 },
    );
    live.on('stalled', (id) => stalled.push(id));
    closers.push(() => live.close());

    const finished = await eventually(
      async () => queue.getJob(job.id!),
      (j) => j?.finishedOn !== undefined,
      {
        what: 'the job to finish on the live worker',
        timeoutMs: 30_000,
      },
    );
    expect(await finished!.getState()).toBe('completed');
    expect(finished!.returnvalue).toEqual({ finishedBy: 'live-worker', order: 7 });
    expect(stalled).toEqual([job.id]);
    expect(seenCorrelation).toEqual(['it-corr-7']);
    expect(Number(await redis.get(`${counters}:started`))).toBe(2);
    expect(Number(await redis.get(`${counters}:completed`))).toBe(1);
  }, 60_000);
});
