import { PayloadTooLargeException } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import {
  BODY_LIMIT_MESSAGES,
  bodyLimitOf,
  DEFAULT_BODY_LIMIT_BYTES,
  SERVICE_APIS,
  type Endpoint,
} from '@rayworks/contracts';

/** Methods whose body is never read: a GET contract takes its query string (docs/decisions/0100). */
const WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

interface RouteLimit {
  pattern: RegExp;
  limit: number;
  /** The contract takes the exact bytes (`rawBody`): kept as a Buffer, whatever the content type. */
  raw?: boolean;
}

/** A contract path ('/report/:id') as the pattern of the request paths it mounts (Express: any case, one trailing /). */
export function pathPattern(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`, 'i');
}

/** The body limit of each POST route of a service's contracts (libs/contracts body-limit.ts). */
export function routeLimitsOf(service: string): RouteLimit[] {
  const api: Readonly<Record<string, Endpoint>> =
    (SERVICE_APIS as Record<string, Record<string, Endpoint>>)[service] ?? {};
  return Object.values(api)
    .filter((e) => !WITHOUT_BODY.has(e.method))
    .map((e) => ({ pattern: pathPattern(e.path), limit: bodyLimitOf(e), ...(e.rawBody ? { raw: true } : {}) }));
}

/** The limit of a request's route; DEFAULT_BODY_LIMIT_BYTES for a route outside the contracts. */
export function bodyLimitFor(routes: readonly RouteLimit[], path: string): number {
  return routes.find((r) => r.pattern.test(path))?.limit ?? DEFAULT_BODY_LIMIT_BYTES;
}

/**
 * The body parsers of a service (instead of Nest's, which take 100 KiB on every route): JSON and URL-encoded bodies,
 * each route up to the limit its contract gives (docs/decisions/0215); a body past it is a 413 whose message says the
 * limit (the kit's exception filter answers it as every error: `{ status, data, message }`). GET, HEAD and OPTIONS
 * bodies are not read. A route whose contract says `rawBody` gets the bytes as sent, as a Buffer (`req.body`), up to
 * its limit, whatever the content type (docs/decisions/0283).
 */
export function contractBodyParser(service: string): RequestHandler {
  const routes = routeLimitsOf(service);
  const rawParsers = new Map<number, RequestHandler>();
  const parsers = new Map<number, [RequestHandler, RequestHandler]>();
  const parsersOf = (limit: number) => {
    let pair = parsers.get(limit);
    if (!pair) {
      pair = [express.json({ limit }), express.urlencoded({ limit, extended: true })];
      parsers.set(limit, pair);
    }
    return pair;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (WITHOUT_BODY.has(req.method)) return next();
    const route = routes.find((r) => r.pattern.test(req.path));
    const limit = route?.limit ?? DEFAULT_BODY_LIMIT_BYTES;
    const failed = (error: unknown) =>
      next(
        (error as { type?: string }).type === 'entity.too.large'
          ? new PayloadTooLargeException(BODY_LIMIT_MESSAGES.tooLarge(limit))
          : error,
      );
    if (route?.raw) {
      let raw = rawParsers.get(limit);
      if (!raw) rawParsers.set(limit, (raw = express.raw({ limit, type: () => true })));
      return raw(req, res, (error?: unknown) => (error ? failed(error) : next()));
    }
    const [json, urlencoded] = parsersOf(limit);
    json(req, res, (error?: unknown) => {
      if (error) return failed(error);
      urlencoded(req, res, (again?: unknown) => (again ? failed(again) : next()));
    });
  };
}
