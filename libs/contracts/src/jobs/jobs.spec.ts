import { describe, expect, it } from '@jest/globals';
import { JOBS, JOB_NAMES, jobOfQueue } from './jobs.js';
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

  it('reserves "meta" in payloads for the tenant and correlation id', () => {
    for (const name of JOB_NAMES) expect(Object.keys(JOBS[name].schema.shape)).not.toContain('meta');
  });
});
