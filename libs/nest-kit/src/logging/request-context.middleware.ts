import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { CORRELATION_HEADER, REQUEST_ID_HEADER, newId, runWithContext } from './context.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives each HTTP request a request id and a correlation id (taken from the caller when it sends
 * well-formed ones, so a flow keeps one id from the browser through Kafka to jobs), echoes both
 * back, and logs the request when it ends.
 */
export function requestContextMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' && SAFE_ID.test(value) ? value : undefined;
    };
    const requestId = incoming(REQUEST_ID_HEADER) ?? newId();
    const correlationId = incoming(CORRELATION_HEADER) ?? requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.setHeader(CORRELATION_HEADER, correlationId);
    const started = process.hrtime.bigint();
    runWithContext({ requestId, correlationId }, () => {
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const level = res.statusCode >= 500 ? 'error' : 'info';
        logger[level](
          {
            requestId,
            correlationId,
            method: req.method,
            url: req.originalUrl,
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
          },
          'request',
        );
      });
      next();
    });
  };
}
