import { describe, expect, it } from '@jest/globals';
import { readinessReportSchema } from '@rayworks/contracts';
import { HealthChecks } from './health-checks.js';

describe('HealthChecks', () => {
  it('is ready when every check answers', async () => {
    const checks = new HealthChecks('cases');
    checks.register('database', async () => undefined);
    checks.register('redis', async () => undefined);
    const report = await checks.readiness();
    expect(readinessReportSchema.parse(report)).toEqual(report);
    expect(report.status).toBe('ready');
    expect(Object.keys(report.checks)).toEqual(['database', 'redis']);
    expect(report.checks.database.status).toBe('up');
  });

  it('is not ready when one check fails, and says why', async () => {
    const checks = new HealthChecks('cases');
    checks.register('database', async () => undefined);
    checks.register('kafka', async () => {
      throw new Error('connection refused');
    });
    const report = await checks.readiness();
    expect(report.status).toBe('not-ready');
    expect(report.checks.kafka).toMatchObject({ status: 'down', error: 'connection refused' });
    expect(report.checks.database.status).toBe('up');
  });

  it('counts a check that does not answer in time as down', async () => {
    const checks = new HealthChecks('cases', 50);
    checks.register('storage', () => new Promise(() => undefined));
    const report = await checks.readiness();
    expect(report.checks.storage).toMatchObject({ status: 'down', error: 'no answer within 50 ms' });
  });
});
