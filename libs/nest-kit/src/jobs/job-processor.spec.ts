import { describe, expect, it } from '@jest/globals';
import { UnrecoverableError, type Job } from 'bullmq';
import { createLogger } from '../logging/logger.js';
import { JOBS, JOB_NAMES } from '@rayworks/contracts';
import { InvalidJobDataError, jobCompany, parseJobData, processor, workerSettingsOf } from './job-processor.js';

const userId = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a10';
const meta = { tenantId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a11', correlationId: 'corr-1' };
const fakeJob = (data: unknown) => ({ id: 'j1', data }) as unknown as Job;
const logger = createLogger('spec', 'silent');

describe('typed job processors', () => {
  it("works in the job's company as the system actor its queue names; a job of no company fails without retry", () => {
    expect(jobCompany('reportingReportPdf', meta)).toEqual({
      tenantId: meta.tenantId,
      actor: { type: 'system', id: 'reporting.report-pdf' },
    });
    expect(() => jobCompany('authMail', { ...meta, tenantId: null })).toThrow(UnrecoverableError);
    expect(() => jobCompany('authMail', { ...meta, tenantId: null })).toThrow('auth.mail job without a tenant');
  });

  it('splits valid job data into the parsed payload and the meta', () => {
    expect(parseJobData('authMail', { kind: 'welcome', userId, meta })).toEqual({
      payload: { kind: 'welcome', userId },
      meta,
    });
  });

  it('fails invalid data with an unrecoverable error that names each bad field', () => {
    let error: unknown;
    try {
      parseJobData('authMail', { kind: 'goodbye', userId: 'x', meta: { tenantId: null } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidJobDataError);
    expect(error).toBeInstanceOf(UnrecoverableError);
    const message = (error as Error).message;
    expect(message).toContain('invalid authMail job data');
    expect(message).toContain('kind:');
    expect(message).toContain('userId:');
    expect(message).toContain('meta.correlationId:');
  });

  it('runs the handler with the typed payload, and never with invalid data', async () => {
    const seen: unknown[] = [];
    const registration = processor('authMail', async (payload, { meta: m }) => {
      seen.push([payload.kind, payload.userId, m.correlationId]);
      return 'done';
    });
    expect(registration.queue).toBe('auth.mail');
    expect(await registration.run(fakeJob({ kind: 'password-reset', userId, meta }), logger)).toBe('done');
    await expect(registration.run(fakeJob({ kind: 'password-reset', meta }), logger)).rejects.toBeInstanceOf(
      InvalidJobDataError,
    );
    expect(seen).toEqual([['password-reset', userId, 'corr-1']]);
  });

  it("takes every job's lock from the job map; a processor names only its concurrency (docs/decisions/0202)", () => {
    for (const job of JOB_NAMES) {
      // @ts-expect-error a registration cannot name a lock of its own
      processor(job, async () => undefined, { lockDuration: 30_000 });
      const settings = workerSettingsOf(processor(job, async () => undefined, { concurrency: 3 }));
      expect({ job, settings }).toEqual({
        job,
        settings: {
          concurrency: 3,
          lockDuration: JOBS[job].lock.durationMs,
          stalledInterval: JOBS[job].lock.stalledIntervalMs,
        },
      });
    }
  });
});
