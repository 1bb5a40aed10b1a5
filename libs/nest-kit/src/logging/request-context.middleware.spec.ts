import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { createLogger } from './logger.js';
import { currentContext, type WorkContext } from './context.js';
import { requestContextMiddleware } from './request-context.middleware.js';

function run(headers: Record<string, string>) {
  const res = Object.assign(new EventEmitter(), {
    headers: {} as Record<string, string>,
    statusCode: 200,
    setHeader(name: string, value: string) {
      this.headers[name] = value;
    },
  });
  let seen: WorkContext | undefined;
  requestContextMiddleware(createLogger('test', 'silent'))(
    { headers, method: 'GET', originalUrl: '/x' } as unknown as Request,
    res as unknown as Response,
    () => {
      seen = currentContext();
    },
  );
  return { res, seen: seen! };
}

describe('requestContextMiddleware', () => {
  it('keeps well-formed ids from the caller and echoes them', () => {
    const { res, seen } = run({ 'x-request-id': 'req-1', 'x-correlation-id': 'flow-9' });
    expect(seen).toEqual({ requestId: 'req-1', correlationId: 'flow-9' });
    expect(res.headers).toEqual({ 'x-request-id': 'req-1', 'x-correlation-id': 'flow-9' });
  });

  it('makes new ids when there are none; the correlation id starts as the request id', () => {
    const { seen } = run({});
    expect(seen.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.correlationId).toBe(seen.requestId);
  });

  it('ignores forged ids that could inject into logs or headers', () => {
    const { seen } = run({ 'x-correlation-id': 'a\nb', 'x-request-id': 'x'.repeat(500) });
    expect(seen.correlationId).not.toContain('\n');
    expect(seen.requestId).toHaveLength(36);
  });
});
