import { describe, expect, it } from '@jest/globals';
import {
  SpanKind,
  contextFrom,
  inSpan,
  producerTraceContext,
  traceContextOf,
  traceHeaders,
  tracingEnabled,
} from './tracing.js';

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
