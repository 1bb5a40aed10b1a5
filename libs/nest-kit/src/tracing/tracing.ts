import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { EVENT_HEADERS, type TraceContext } from '@rayworks/contracts';
import { loadEnv } from '../config/env.js';
import { routeLabel } from '../metrics/metrics.js';

export { SpanKind } from '@opentelemetry/api';

/**
 * Tracing (docs/decisions/0091): OpenTelemetry spans for HTTP requests, event publishing and consuming, and jobs,
 * with the W3C trace context carried in HTTP headers, in the outbox envelope and Kafka headers, and in job `meta`.
 * On only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
 * otherwise nothing is registered, every helper here returns at once and no trace context is stored or sent.
 */
let provider: TracerProvider | undefined;

/** Empty is unset, as the OpenTelemetry SDK reads it. */
const unsetIfEmpty = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The OpenTelemetry variables the kit reads itself (the exporter reads the rest of OTEL_EXPORTER_OTLP_*). */
export const tracingEnvSchema = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: unsetIfEmpty(z.url({ protocol: /^https?$/ })),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: unsetIfEmpty(z.url({ protocol: /^https?$/ })),
  OTEL_SERVICE_NAME: unsetIfEmpty(z.string()),
  OTEL_SDK_DISABLED: unsetIfEmpty(z.enum(['true', 'false'])),
  OTEL_BSP_SCHEDULE_DELAY: unsetIfEmpty(z.coerce.number().int().min(1).max(600_000)),
});

export function tracingEnabled(): boolean {
  return provider !== undefined;
}

/**
 * Starts exporting spans over OTLP/HTTP when an endpoint is configured; returns whether tracing is on. The
 * exporter reads the standard OTEL_EXPORTER_OTLP_* variables (endpoint, headers, timeout) and the batch processor
 * the OTEL_BSP_* ones; the resource's service.name is the process name unless OTEL_SERVICE_NAME says otherwise.
 */
export function startTracing(
  processName: string,
  processEnv: Record<string, string | undefined> = process.env,
): boolean {
  if (provider) return true;
  // checked when the process starts (a wrong value stops it, naming the variable: docs/decisions/0227)
  const env = loadEnv(tracingEnvSchema, processEnv);
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true') return false;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? processName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        // The batch processor does not read OTEL_BSP_SCHEDULE_DELAY itself.
        ...(env.OTEL_BSP_SCHEDULE_DELAY ? { scheduledDelayMillis: env.OTEL_BSP_SCHEDULE_DELAY } : {}),
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  return true;
}

/** Sends the spans still buffered and stops tracing (at shutdown). */
export async function stopTracing(): Promise<void> {
  const current = provider;
  if (!current) return;
  provider = undefined;
  await current.shutdown().catch(() => undefined);
  trace.disable();
  propagation.disable();
  context.disable();
}

const tracer = () => trace.getTracer('@rayworks/nest-kit');

/** Reads a carrier whose values may be strings, Buffers (Kafka headers) or arrays of them. */
const carrierGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    const one = Array.isArray(value) ? value[0] : value;
    if (one === undefined || one === null) return undefined;
    return Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
  },
};

/** The context a carrier (HTTP or Kafka headers, a stored TraceContext) continues; the root when there is none. */
export function contextFrom(carrier: object | null | undefined): Context {
  if (!provider || !carrier) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, carrier as Record<string, unknown>, carrierGetter);
}

/** The trace context of a context (the active one by default), to store with an outbox row or a job. */
export function traceContextOf(ctx: Context = context.active()): TraceContext | undefined {
  if (!provider) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  if (!carrier.traceparent) return undefined;
  return { traceparent: carrier.traceparent, ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}) };
}

/** The Kafka headers of a stored trace context (none when there is none). */
export function traceHeaders(stored: TraceContext | undefined): Record<string, string> {
  if (!stored) return {};
  return {
    [EVENT_HEADERS.traceparent]: stored.traceparent,
    ...(stored.tracestate ? { [EVENT_HEADERS.tracestate]: stored.tracestate } : {}),
  };
}

/**
 * Records that something is about to be sent on (an event written to the outbox, a job recorded): a short PRODUCER
 * span, child of the active one, whose trace context is returned to be stored with the message.
 */
export function producerTraceContext(name: string, attributes: Attributes): TraceContext | undefined {
  if (!provider) return undefined;
  const span = tracer().startSpan(name, { kind: SpanKind.PRODUCER, attributes });
  const stored = traceContextOf(trace.setSpan(context.active(), span));
  span.end();
  return stored;
}

/**
 * Runs work in a span, child of `parent` (a consumer's span continues the producer's trace), and ends it; an
 * error marks the span and is thrown on.
 */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  parent: Context,
  attributes: Attributes,
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!provider) return work(undefined);
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
    throw error;
  } finally {
    span.end();
  }
}

/** Marks the active span as failed (a message dead-lettered, a request answered 5xx). */
export function markActiveSpanFailed(message: string): void {
  if (!provider) return;
  trace.getActiveSpan()?.setStatus({ code: SpanStatusCode.ERROR, message });
}

/**
 * A SERVER span per HTTP request, continuing the caller's trace (W3C `traceparent`), named by method and route
 * template when it ends. The request's headers are rewritten to carry this span, so a process that forwards the
 * request (the gateway's proxies) passes its own span on as the parent of the service's.
 */
export function httpTracingMiddleware() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!provider) return next();
    const parent = contextFrom(req.headers);
    const span = tracer().startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': req.path } },
      parent,
    );
    const ctx = trace.setSpan(parent, span);
    delete req.headers.tracestate;
    propagation.inject(ctx, req.headers);
    res.once('close', () => {
      const route = routeLabel(req, res);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
      if (!res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR, message: 'connection closed early' });
      else if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(ctx, next);
  };
}
