import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { CORRELATION_HEADER, REQUEST_ID_HEADER, newId, runWithContext } from './context.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Query parameters whose values are secrets (a password-reset link's `resetToken`, any token, password or API key). */
const SECRET_PARAM = /token|password|secret|signature|credential|api[-_]?key/i;
export const REDACTED = '[REDACTED]';

/**
 * The URL as it may be written to a log: the value of every secret query parameter replaced, so that
 * /update-password?resetToken=… never puts a usable token into the access log.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const redacted = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the name as written
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${redacted}`;
}

/**
 * Gives each HTTP request a request id and a correlation id (taken from the caller when it sends
 * well-formed ones, so a flow keeps one id from the browser through Kafka to jobs), echoes both
 * back, and logs the request when it ends (secret query parameters redacted).
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
            url: redactUrl(req.originalUrl),
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
