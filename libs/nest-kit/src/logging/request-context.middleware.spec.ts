import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { createLogger } from './logger.js';
import { currentContext, type WorkContext } from './context.js';
import { redactUrl, requestContextMiddleware } from './request-context.middleware.js';

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

describe('redactUrl', () => {
  it("replaces a password-reset link's token and other secret parameters, keeps the rest", () => {
    expect(redactUrl('/update-password?resetToken=abcDEF123_-xyz')).toBe('/update-password?resetToken=[REDACTED]');
    expect(redactUrl('/x?page=2&access_token=t0k&sort=name&API%5Fkey=k&Password=p')).toBe(
      '/x?page=2&access_token=[REDACTED]&sort=name&API%5Fkey=[REDACTED]&Password=[REDACTED]',
    );
  });

  it('leaves URLs without secrets as they are, malformed ones included', () => {
    for (const url of ['/health/live', '/users?page=1&size=20', '/a?%E0%A4%A=1&flag', '/a?']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
