import { describe, expect, it } from '@jest/globals';
import { SERVICE_NAMES, type ReadinessReport } from '@rayworks/contracts';
import { ApiError } from '../../api/http';
import { describeFailure, readinessPath, STATUS_TARGETS, stateLabel, targetState } from './readiness';

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

  it('asks the gateway for its own report and forwards the rest under /api/<service>', () => {
    expect(readinessPath('gateway')).toBe('/health/ready');
    expect(readinessPath('imaging')).toBe('/api/imaging/health/ready');
  });

  it('derives the state, letting an error win over an older report', () => {
    expect(targetState(undefined, undefined)).toBe('checking');
    expect(targetState(report('ready'), undefined)).toBe('ready');
    expect(targetState(report('not-ready'), undefined)).toBe('not-ready');
    expect(targetState(report('ready'), new ApiError('http', 'HTTP 502', 502))).toBe('unreachable');
  });

  it('labels only a ready target as Ready', () => {
    expect(stateLabel('ready')).toBe('Ready');
    expect(stateLabel('not-ready')).toBe('Not ready');
    expect(stateLabel('unreachable')).toBe('Not ready');
  });

  it('explains a 502 and a network failure in plain words', () => {
    expect(describeFailure('billing', new ApiError('http', 'HTTP 502 Bad Gateway', 502))).toBe(
      'The Billing service did not answer the gateway (HTTP 502 Bad Gateway). It may be starting or stopped.',
    );
    expect(describeFailure('gateway', new ApiError('network', 'failed'))).toMatch(/^The gateway did not answer/);
  });
});
