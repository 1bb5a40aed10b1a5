import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { runWithContext } from '../logging/context.js';
import { JobOutbox } from './job-outbox.js';
import { deduplicationOf, delayOf } from './job-relay.js';

function fakeManager(inTransaction: boolean) {
  const calls: Array<{ sql: string; params: unknown[] }> = [];
  const manager = {
    queryRunner: { isTransactionActive: inTransaction },
    query: async (sql: string, params: unknown[]) => {
      calls.push({ sql, params });
      return [{ id: '41' }];
    },
  } as unknown as EntityManager;
  return { manager, calls };
}

describe('JobOutbox.record', () => {
  const outbox = new JobOutbox('auth');
  const payload = { kind: 'welcome' as const, userId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a10' };

  it('writes the validated job with the correlation id into the job outbox, tenant from the transaction', async () => {
    const { manager, calls } = fakeManager(true);
    const recorded = await runWithContext({ correlationId: 'corr-9' }, () =>
      outbox.record(manager, 'authMail', payload),
    );
    expect(recorded).toEqual({ id: '41', jobId: 'auth-job-41' });
    expect(calls).toHaveLength(1);
    expect(calls[0].sql).toContain('INSERT INTO auth.job_outbox');
    expect(calls[0].sql).toContain("current_setting('app.tenant_id', true)");
    expect(calls[0].params).toEqual(['authMail', 'auth.mail', JSON.stringify(payload), false, null, 'corr-9']);
  });

  it('takes an explicit tenant (or null for a platform job) over the transaction one', async () => {
    const { manager, calls } = fakeManager(true);
    await outbox.record(manager, 'authMail', payload, { tenantId: null });
    expect(calls[0].params.slice(3, 5)).toEqual([true, null]);
  });

  it('refuses to write outside a transaction', async () => {
    const { manager, calls } = fakeManager(false);
    await expect(outbox.record(manager, 'authMail', payload)).rejects.toThrow(/inside the transaction/);
    expect(calls).toHaveLength(0);
  });

  it('refuses a payload that does not match the job, and writes nothing', async () => {
    const { manager, calls } = fakeManager(true);
    await expect(
      outbox.record(manager, 'authMail', { kind: 'welcome', userId: 'not-a-uuid' } as typeof payload),
    ).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });

  it("keeps a delayed job's due time in its meta (runAt), which the relay turns into the delay left", async () => {
    const { manager, calls } = fakeManager(true);
    const before = Date.now();
    await outbox.record(manager, 'authMail', payload, { delayMs: 90_000 });
    const stored = JSON.parse(calls[0].params[2] as string) as { meta: { runAt: string } };
    const due = Date.parse(stored.meta.runAt);
    expect(due).toBeGreaterThanOrEqual(before + 90_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 90_000);
    expect(delayOf(stored.meta.runAt, due - 1500)).toEqual({ delay: 1500 });
    expect(delayOf(stored.meta.runAt, due + 10)).toEqual({});
    expect(delayOf(undefined)).toEqual({});
  });

  it('keeps a deduplication in its meta, which the relay turns into BullMQ’s (throttle mode: ttl from the first add)', async () => {
    const { manager, calls } = fakeManager(true);
    await outbox.record(manager, 'authMail', payload, { deduplication: { id: 'welcome-once', ttlMs: 30_000 } });
    const stored = JSON.parse(calls[0].params[2] as string) as { meta: { dedupe: { id: string; ttlMs: number } } };
    expect(stored).toEqual({ ...payload, meta: { dedupe: { id: 'welcome-once', ttlMs: 30_000 } } });
    expect(deduplicationOf(stored.meta.dedupe)).toEqual({ deduplication: { id: 'welcome-once', ttl: 30_000 } });
    expect(deduplicationOf(undefined)).toEqual({});
  });

  it('refuses a deduplication without an id or a time, and writes nothing', async () => {
    const { manager, calls } = fakeManager(true);
    await expect(
      outbox.record(manager, 'authMail', payload, { deduplication: { id: '', ttlMs: 30_000 } }),
    ).rejects.toThrow(/deduplication needs an id and a ttlMs/);
    await expect(
      outbox.record(manager, 'authMail', payload, { deduplication: { id: 'welcome-once', ttlMs: 0 } }),
    ).rejects.toThrow(/deduplication needs an id and a ttlMs/);
    expect(calls).toHaveLength(0);
  });
});
