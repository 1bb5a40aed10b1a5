import { describe, expect, it } from '@jest/globals';
import { SERVICE_NAMES, type ReadinessReport } from '@rayworks/contracts';
import { ApiError } from '@rayworks/api-client';
import { describeFailure, STATUS_TARGETS, stateLabel, targetState } from './readiness';

const report = (status: ReadinessReport['status']): ReadinessReport => ({
  service: 'auth',
  status,
  checks: { database: { status: status === 'ready' ? 'up' : 'down', latencyMs: 2 } },
  checkedAt: '2025-01-01T00:00:00.000Z',
});

describe('status page readiness model', () => {
  it('watches the gateway and every service', () => {
    expect(STATUS_TARGETS).toEqual(['gateway', ...SERVICE_NAMES]);
  });

  it('derives the state, letting an error win over an older report', () => {
    expect(targetState(undefined, undefined)).toBe('checking');
    expect(targetState(report('ready'), undefined)).toBe('ready');
    expect(targetState(report('not-ready'), undefined)).toBe('not-ready');
    expect(targetState(report('ready'), ApiError.http('auth', 'GET', '/health/ready', 502, null))).toBe('unreachable');
  });

  it('labels only a ready target as Ready', () => {
    expect(stateLabel('ready')).toBe('Ready');
    expect(stateLabel('not-ready')).toBe('Not ready');
    expect(stateLabel('unreachable')).toBe('Not ready');
  });

  it('explains a 502, a 503 (the gateway could not reach the service) and a network failure in plain words', () => {
    expect(describeFailure('billing', ApiError.http('billing', 'GET', '/health/ready', 502, null))).toBe(
      'The Billing service did not answer the gateway (HTTP 502 Bad Gateway). It may be starting or stopped.',
    );
    expect(
      describeFailure('lims', ApiError.http('lims', 'GET', '/health/ready', 503, { message: 'down', service: 'lims' })),
    ).toBe(
      'The LIMS service did not answer the gateway (HTTP 503 Service Unavailable). It may be starting or stopped.',
    );
    expect(describeFailure('gateway', ApiError.network('gateway', 'GET', '/health/ready', new Error('x')))).toMatch(
      /^The gateway did not answer/,
    );
  });
});
