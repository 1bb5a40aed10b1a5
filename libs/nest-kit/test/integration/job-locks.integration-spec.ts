import { afterAll, describe, expect, it } from '@jest/globals';
import type { Worker } from 'bullmq';
import { v4 as uuidv4 } from 'uuid';
import { JOBS, type JobName } from '@rayworks/contracts';
import { createLogger, createQueue, createRedis, processor, startProcessor } from '../../src/index.js';
import { crash, eventually, infraEnv, uniqueSuffix } from '@rayworks/testing';
import { startFixture } from '../support/fixtures.js';

/**
 * Issue 20, item 10: after a worker crash a report PDF appeared 39 s later (BullMQ's stalled-job lock of 30 s, looked
 * for every 30 s). A job's lock now comes from the job map (libs/contracts JOBS[job].lock, docs/decisions/0202),
 * seconds long and renewed while the job runs. On the real Redis with the kit's own workers: a worker SIGKILLed
 * mid-job, a new worker started, the job completes exactly once; and a job that runs longer than its lock keeps it.
 */
describe('job locks from the job map', () => {
  const prefix = `it-locks-${uniqueSuffix()}`;
  const url = infraEnv().redisUrl;
  const redis = createRedis(url, 'it-locks');
  const logger = createLogger('it-locks', 'silent');
  const closers: Array<() => Promise<unknown>> = [];
  const connections: Array<ReturnType<typeof createRedis>> = [];
  const connection = (name: string) => {
    const c = createRedis(url, name);
    connections.push(c);
    return c;
  };
  const queueOf = (job: JobName) => {
    const queue = createQueue<Record<string, unknown>>(JOBS[job].queue, connection('it-locks-queue'), prefix);
    closers.push(async () => {
      await queue.obliterate({ force: true });
      await queue.close();
    });
    return queue;
  };
  const track = (worker: Worker) => {
    closers.push(() => worker.close());
    return worker;
  };

  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    for (const c of [...connections, redis]) c.disconnect();
  });

  it('runs a report PDF job whose worker was killed mid-job on a new worker, exactly once', async () => {
    const job = 'reportingReportPdf' as const;
    const counters = `${prefix}:${job}`;
    const queue = queueOf(job);
    const killed = startFixture('kit-job-worker.mjs', {
      REDIS_URL: url,
      JOB: job,
      PREFIX: prefix,
      COUNTER_PREFIX: counters,
    });
    closers.push(() => crash(killed));
    await eventually(
      async () => killed.output(),
      (out) => out.includes('worker started'),
      { what: 'the first worker started', timeoutMs: 20_000 },
    );
    // the worker holds the job with the job map's lock, not BullMQ's 30 s
    expect(killed.output()).toContain(
      `lockDuration=${JOBS[job].lock.durationMs} stalledInterval=${JOBS[job].lock.stalledIntervalMs}`,
    );
    const reportId = uuidv4();
    const added = await queue.add(job, { reportId, version: 1, meta: { tenantId: null, correlationId: 'it-lock-1' } });
    await eventually(
      async () => (await queue.getJob(added.id!))?.progress,
      (p) => p === 50,
      { what: 'the first worker in the middle of the job' },
    );
    await crash(killed);
    expect(await (await queue.getJob(added.id!))!.getState()).toBe('active');

    const stalled: string[] = [];
    const live = track(
      startProcessor(
        processor(job, async (payload) => {
          await redis.incr(`${counters}:started`);
          await redis.incr(`${counters}:completed`);
          return { finishedBy: 'new-worker', reportId: payload.reportId };
        }),
        connection('it-locks-live'),
        logger,
        { prefix },
      ),
    );
    live.on('stalled', (id) => stalled.push(id));
    expect({ lockDuration: live.opts.lockDuration, stalledInterval: live.opts.stalledInterval }).toEqual({
      lockDuration: JOBS[job].lock.durationMs,
      stalledInterval: JOBS[job].lock.stalledIntervalMs,
    });

    const done = await eventually(
      async () => queue.getJob(added.id!),
      (j) => j?.finishedOn !== undefined,
      { what: 'the job finished on the new worker', timeoutMs: 60_000 },
    );
    expect(await done!.getState()).toBe('completed');
    expect(done!.returnvalue).toEqual({ finishedBy: 'new-worker', reportId });
    expect(stalled).toEqual([added.id]);
    expect(Number(await redis.get(`${counters}:started`))).toBe(2);
    expect(Number(await redis.get(`${counters}:completed`))).toBe(1);
  }, 90_000);

  it('keeps a job that runs longer than its lock on its live worker: the lock is renewed, it never stalls', async () => {
    const job = 'authMail' as const;
    const { durationMs } = JOBS[job].lock;
    const queue = queueOf(job);
    const stalled: string[] = [];
    let runs = 0;
    const worker = (name: string) =>
      track(
        startProcessor(
          processor(job, async () => {
            runs += 1;
            // three lock durations: only renewal keeps the lock this long
            await new Promise((resolve) => setTimeout(resolve, 3 * durationMs));
            return { finishedBy: name };
          }),
          connection(`it-locks-${name}`),
          logger,
          { prefix, concurrency: 1 },
        ),
      );
    // two workers: the second would take the job up again if the first ever lost its lock
    for (const w of [worker('first'), worker('second')]) w.on('stalled', (id) => stalled.push(id));
    const added = await queue.add(job, {
      kind: 'welcome',
      userId: uuidv4(),
      meta: { tenantId: null, correlationId: 'it-lock-2' },
    });
    const done = await eventually(
      async () => queue.getJob(added.id!),
      (j) => j?.finishedOn !== undefined,
      { what: 'the long job finished', timeoutMs: 60_000 },
    );
    expect(await done!.getState()).toBe('completed');
    expect(done!.attemptsStarted).toBe(1);
    expect(runs).toBe(1);
    expect(stalled).toEqual([]);
  }, 90_000);
});
