import { describe, expect, it } from '@jest/globals';
import { JOBS, JOB_LOCKS, JOB_NAMES, jobOfQueue } from './jobs.js';
import { QUEUES } from './queues.js';

describe('JOBS', () => {
  it('sends every job to a queue named in QUEUES, one job per queue', () => {
    const queues = JOB_NAMES.map((name) => JOBS[name].queue);
    for (const queue of queues) expect(Object.values(QUEUES)).toContain(queue);
    expect(new Set(queues).size).toBe(queues.length);
    expect(jobOfQueue(QUEUES.authMail)).toBe('authMail');
    expect(jobOfQueue('nobody.nothing')).toBeUndefined();
  });

  it('keeps the payload of auth.mail strict about what it needs', () => {
    const schema = JOBS.authMail.schema;
    expect(schema.safeParse({ kind: 'welcome', userId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a10' }).success).toBe(true);
    expect(schema.safeParse({ kind: 'welcome', userId: 'not-a-uuid' }).success).toBe(false);
    expect(schema.safeParse({ kind: 'goodbye', userId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a10' }).success).toBe(false);
  });

  it('holds every job with a lock short enough that a dead worker costs seconds, renewed while the job runs', () => {
    for (const name of JOB_NAMES) {
      const { durationMs, stalledIntervalMs } = JOBS[name].lock;
      // BullMQ renews at durationMs / 2: a lock of seconds does not limit how long a job may run
      expect({ name, recoveredWithin: durationMs + stalledIntervalMs <= 15_000 }).toEqual({
        name,
        recoveredWithin: true,
      });
      expect({ name, checkedWithinTheLock: stalledIntervalMs < durationMs }).toEqual({
        name,
        checkedWithinTheLock: true,
      });
    }
    expect(JOBS.reportingReportPdf.lock).toEqual(JOB_LOCKS.waitsOnOthers);
    expect(JOBS.imagingStudyImport.lock).toEqual(JOB_LOCKS.computesInProcess);
  });

  it('reserves "meta" in payloads for the tenant and correlation id', () => {
    for (const name of JOB_NAMES) expect(Object.keys(JOBS[name].schema.shape)).not.toContain('meta');
  });
});
