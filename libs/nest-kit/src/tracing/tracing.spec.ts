import { describe, expect, it } from '@jest/globals';
import {
  SpanKind,
  contextFrom,
  inSpan,
  producerTraceContext,
  startTracing,
  traceContextOf,
  traceHeaders,
  tracingEnabled,
} from './tracing.js';
import { ConfigError } from '../config/env.js';

describe('tracing when no OTLP endpoint is configured', () => {
  it('is off: no trace context is made, stored or sent, and work runs as it is', async () => {
    expect(tracingEnabled()).toBe(false);
    expect(producerTraceContext('publish x', {})).toBeUndefined();
    expect(traceContextOf()).toBeUndefined();
    expect(traceHeaders(undefined)).toEqual({});
    const parent = contextFrom({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });
    await expect(inSpan('work', SpanKind.INTERNAL, parent, {}, async (span) => span)).resolves.toBeUndefined();
    await expect(
      inSpan('work', SpanKind.INTERNAL, parent, {}, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });

  it('turns the stored context into the W3C Kafka headers', () => {
    expect(
      traceHeaders({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'a=1' }),
    ).toEqual({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'a=1' });
  });
});

describe('the tracing variables', () => {
  it('are checked when the process starts: a wrong one stops it, naming the variable', () => {
    for (const [name, value] of [
      ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
      ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'ftp://collector/v1/traces'],
      ['OTEL_SDK_DISABLED', 'yes'],
      ['OTEL_BSP_SCHEDULE_DELAY', 'soon'],
    ] as const) {
      expect(() => startTracing('it', { [name]: value })).toThrow(ConfigError);
      expect(() => startTracing('it', { [name]: value })).toThrow(new RegExp(`${name}: `));
    }
    expect(tracingEnabled()).toBe(false);
  });

  it('leave tracing off without an endpoint, or disabled (empty is unset)', () => {
    expect(startTracing('it', {})).toBe(false);
    expect(startTracing('it', { OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_BSP_SCHEDULE_DELAY: '' })).toBe(false);
    expect(
      startTracing('it', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
    expect(tracingEnabled()).toBe(false);
  });
});
