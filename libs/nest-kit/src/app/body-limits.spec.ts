import { describe, expect, it } from '@jest/globals';
import { bodyLimitOf, DEFAULT_BODY_LIMIT_BYTES, REPORTING_API } from '@rayworks/contracts';
import { bodyLimitFor, pathPattern, routeLimitsOf } from './body-limits.js';

describe('the kit body limits', () => {
  it('matches a request path to its contract path as Express routes it', () => {
    expect(pathPattern('/report/save').test('/report/save')).toBe(true);
    expect(pathPattern('/report/save').test('/Report/Save/')).toBe(true);
    expect(pathPattern('/report/save').test('/report/save/x')).toBe(false);
    expect(pathPattern('/report/save').test('/reportxsave')).toBe(false);
    expect(pathPattern('/:userId/online').test('/abc/online')).toBe(true);
    expect(pathPattern('/:userId/online').test('/a/b/online')).toBe(false);
  });

  it("gives each route its contract's limit, and the default elsewhere", () => {
    const routes = routeLimitsOf('reporting');
    expect(bodyLimitFor(routes, '/report/save')).toBe(bodyLimitOf(REPORTING_API.saveReport));
    expect(bodyLimitFor(routes, '/report/save')).toBeGreaterThan(6_000_000);
    expect(bodyLimitFor(routes, '/reportTemplates/create')).toBe(bodyLimitOf(REPORTING_API.createReportTemplate));
    expect(bodyLimitFor(routes, '/report/lock')).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor(routes, '/health/ready')).toBe(DEFAULT_BODY_LIMIT_BYTES);
    // a worker or the gateway has no contract routes of its own
    expect(routeLimitsOf('reporting-worker')).toEqual([]);
  });
});
