import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Worker } from 'bullmq';
import { pino } from 'pino';
import type { QueryRunner } from 'typeorm';
import { v4 as uuidv4 } from 'uuid';
import {
  JobOutbox,
  JobQueues,
  JobRelay,
  JobRelayCrash,
  PgListener,
  createEventTables,
  createJobOutboxAndWakeups,
  createLogger,
  createRedis,
  currentContext,
  currentCorrelationId,
  outboxJobId,
  processor,
  runInTenant,
  runWithContext,
  startProcessor,
} from '../../src/index.js';
import { eventually, infraEnv, uniqueSuffix } from '@rayworks/testing';
import { createScratchSchema } from '../support/scratch-schema.js';

/** Half of the relay's one-minute poll here: a job handed over sooner was woken by its commit's NOTIFY. */
const WOKEN_WITHIN_MS = 30_000;

const asRunner = (client: { query: (sql: string) => Promise<unknown> }) => client as unknown as QueryRunner;

/**
 * Jobs recorded in the transaction of the change that starts them, on the real PostgreSQL and Redis: no job
 * without its commit, handed to BullMQ right after commit (NOTIFY), never twice across a relay crash or a second
 * relay, and a job whose data breaks its contract fails at once. The queues live under a Redis prefix of their
 * own, so the auth service running beside the tests never sees these jobs.
 */
describe('job outbox → BullMQ', () => {
  const prefix = `it-jobs-${uniqueSuffix()}`;
  const tenantId = uuidv4();
  const logLines: string[] = [];
  const logger = pino(
    { level: 'info', mixin: () => ({ ...currentContext() }) },
    { write: (line: string) => void logLines.push(line) },
  );
  const quiet = createLogger('it-jobs', 'silent');
  const redis = createRedis(infraEnv().redisUrl, 'it-jobs');
  const workerRedis = createRedis(infraEnv().redisUrl, 'it-jobs-worker');
  const queues = new JobQueues(redis, prefix);
  const handled: Array<{ jobId: string; userId: string; kind: string; correlationId: string; context: string }> = [];
  let scratch: Awaited<ReturnType<typeof createScratchSchema>>;
  let listener: PgListener;
  let relay: JobRelay;
  let outbox: JobOutbox;
  let worker: Worker | undefined;

  const unsent = async () => {
    const [row] = await scratch.dataSource.query(
      `SELECT count(*)::int AS n FROM ${scratch.schema}.job_outbox WHERE sent_at IS NULL`,
    );
    return row.n as number;
  };
  const recordWelcome = (userId: string, correlationId: string) =>
    runWithContext({ correlationId }, () =>
      runInTenant(scratch.dataSource, tenantId, (manager) =>
        outbox.record(manager, 'authMail', { kind: 'welcome', userId }),
      ),
    );

  beforeAll(async () => {
    scratch = await createScratchSchema('it_jobs', async (schema, client) => {
      await createEventTables(asRunner(client), schema);
      await createJobOutboxAndWakeups(asRunner(client), schema);
    });
    outbox = new JobOutbox(scratch.schema);
    listener = new PgListener(scratch.roleUrl, quiet, 'it-jobs-listen');
    // The fallback poll is a minute: a job handed over within half of it was woken by the NOTIFY of its commit.
    relay = new JobRelay(scratch.dataSource, queues, scratch.schema, quiet, { listener, pollIntervalMs: 60_000 });
  });

  afterAll(async () => {
    await worker?.close();
    await relay?.stop();
    await listener?.stop();
    await queues.queue('auth.mail').obliterate({ force: true });
    await queues.close();
    redis.disconnect();
    workerRedis.disconnect();
    await scratch?.drop();
  });

  it('records nothing outside a transaction or for a rolled-back change, and hands a committed job over right after commit', async () => {
    await expect(
      outbox.record(scratch.dataSource.manager, 'authMail', { kind: 'welcome', userId: uuidv4() }),
    ).rejects.toThrow(/inside the transaction/);
    await expect(
      runInTenant(scratch.dataSource, tenantId, async (manager) => {
        await outbox.record(manager, 'authMail', { kind: 'welcome', userId: uuidv4() });
        throw new Error('the change fails after recording its job');
      }),
    ).rejects.toThrow(/the change fails/);
    await expect(
      runInTenant(scratch.dataSource, tenantId, (manager) =>
        // @ts-expect-error an unknown kind is a type error, and refused at run time too
        outbox.record(manager, 'authMail', { kind: 'goodbye', userId: uuidv4() }),
      ),
    ).rejects.toThrow();
    const [{ n }] = await scratch.dataSource.query(`SELECT count(*)::int AS n FROM ${scratch.schema}.job_outbox`);
    expect(n).toBe(0);

    await relay.start();
    const userId = uuidv4();
    const started = Date.now();
    const recorded = await recordWelcome(userId, 'corr-first');
    expect(recorded.jobId).toBe(outboxJobId(scratch.schema, recorded.id));
    const job = await eventually(
      () => queues.queue('auth.mail').getJob(recorded.jobId),
      (j) => j !== undefined,
      { what: 'the job in BullMQ', timeoutMs: WOKEN_WITHIN_MS, intervalMs: 10 },
    );
    expect(Date.now() - started).toBeLessThan(WOKEN_WITHIN_MS);
    expect(job!.name).toBe('authMail');
    expect(job!.data).toEqual({ kind: 'welcome', userId, meta: { tenantId, correlationId: 'corr-first' } });
    await eventually(unsent, (count) => count === 0, { what: 'the row marked sent' });
  }, 90_000);

  it('never adds a job twice: not after a relay dies between adding and marking, not with a second relay', async () => {
    await relay.stop();
    const users = Array.from({ length: 20 }, () => uuidv4());
    for (const [i, userId] of users.entries()) await recordWelcome(userId, `corr-${i}`);
    expect(await unsent()).toBe(20);

    await expect(relay.relayBatch('crash-after-send')).rejects.toBeInstanceOf(JobRelayCrash);
    expect(await unsent()).toBe(20);
    const counts = await queues.queue('auth.mail').getJobCounts('waiting');
    expect(counts.waiting).toBe(21);

    const second = new JobRelay(scratch.dataSource, queues, scratch.schema, quiet);
    const [a, b] = await Promise.all([relay.relayBatch(), second.relayBatch()]);
    expect(a + b).toBe(20);
    expect(await unsent()).toBe(0);
    expect((await queues.queue('auth.mail').getJobCounts('waiting')).waiting).toBe(21);

    worker = startProcessor(
      processor('authMail', async (payload, { job, meta }) => {
        handled.push({
          jobId: job.id!,
          userId: payload.userId,
          kind: payload.kind,
          correlationId: meta.correlationId,
          context: currentCorrelationId(),
        });
      }),
      workerRedis,
      logger,
      { prefix, concurrency: 4 },
    );
    await eventually(
      async () => handled.length,
      (n) => n >= 21,
      { what: '21 jobs handled', timeoutMs: 20_000 },
    );
    expect(new Set(handled.map((h) => h.jobId)).size).toBe(21);
    for (const [i, userId] of users.entries()) {
      const h = handled.find((x) => x.userId === userId)!;
      expect(h).toMatchObject({ kind: 'welcome', correlationId: `corr-${i}`, context: `corr-${i}` });
    }
  });

  it('fails a job whose data breaks its contract at once, without retries, and logs why', async () => {
    const before = handled.length;
    const bad = await queues
      .queue('auth.mail')
      .add('authMail', { kind: 'welcome', userId: 'not-a-uuid', meta: { tenantId, correlationId: 'corr-bad' } });
    const failed = await eventually(
      () => queues.queue('auth.mail').getJob(bad.id!),
      (j) => j?.finishedOn !== undefined,
      { what: 'the bad job to fail' },
    );
    expect(await failed!.getState()).toBe('failed');
    expect(failed!.opts.attempts).toBe(3);
    expect(failed!.attemptsMade).toBe(1);
    expect(failed!.failedReason).toContain('invalid authMail job data: userId:');
    expect(handled.length).toBe(before);
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.msg?.includes('does not match its contract'));
    expect(line).toMatchObject({ level: 50, jobId: bad.id, queue: 'auth.mail', correlationId: 'corr-bad' });
  }, 60_000);

  it('adds one job for the asks of one deduplication id within its time, and a new one after it', async () => {
    const userId = uuidv4();
    const ask = (id: string, ttlMs: number, correlationId: string) =>
      runWithContext({ correlationId }, () =>
        runInTenant(scratch.dataSource, tenantId, (manager) =>
          outbox.record(manager, 'authMail', { kind: 'welcome', userId }, { deduplication: { id, ttlMs } }),
        ),
      );
    const jobsOfUser = async () =>
      (await queues.queue('auth.mail').getJobs(['waiting', 'active', 'completed', 'failed', 'delayed'])).filter(
        (job) => (job.data as { userId: string }).userId === userId,
      );
    const relayAll = async () => {
      while ((await relay.relayBatch()) > 0);
      expect(await unsent()).toBe(0);
    };

    // five asks, in two relay batches: one job, the first ask's
    const first = await ask(`welcome-${userId}`, 60_000, 'corr-ask-0');
    await relayAll();
    for (let i = 1; i < 5; i += 1) await ask(`welcome-${userId}`, 60_000, `corr-ask-${i}`);
    await relayAll();
    const once = await jobsOfUser();
    expect(once.map((j) => j.id)).toEqual([first.jobId]);
    expect(once[0]!.opts.deduplication).toEqual({ id: `welcome-${userId}`, ttl: 60_000 });

    // another id is another job; with a short time, an ask after it adds a new job even though the first is done
    const short = await ask(`short-${userId}`, 200, 'corr-short-0');
    await relayAll();
    await eventually(
      () => queues.queue('auth.mail').getJob(short.jobId),
      (job) => job?.finishedOn !== undefined,
      { what: 'the short job handled' },
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    const again = await ask(`short-${userId}`, 200, 'corr-short-1');
    await relayAll();
    expect((await jobsOfUser()).map((j) => j.id).sort()).toEqual([first.jobId, short.jobId, again.jobId].sort());
  }, 60_000);
});
