import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Where a process keeps the route label of a request it handles outside the router (a proxy, static files). */
const ROUTE_LOCAL = 'metricsRoute';

/**
 * Labels the request with a route template of the caller's choosing (the gateway's proxies: `/api/auth/*`), for a
 * request the router does not match. Templates only, never the raw URL: the label set stays bounded.
 */
export function setMetricsRoute(res: Response, route: string): void {
  res.locals[ROUTE_LOCAL] = route;
}

/**
 * The route label of a finished request: a label set by the process, else the matched route template, else the
 * mount path of the middleware that answered (`/api/auth/*` for the gateway's proxy of auth), else `unmatched`.
 */
export function routeLabel(req: Request, res: Response): string {
  const set = res.locals?.[ROUTE_LOCAL];
  if (typeof set === 'string') return set;
  const path = req.route?.path as string | undefined;
  if (path !== undefined) return `${req.baseUrl}${path}`;
  return req.baseUrl ? `${req.baseUrl}/*` : 'unmatched';
}

/**
 * One Prometheus registry per process (docs/decisions/0090): Node's default process metrics and the HTTP request
 * histogram (rate = `_count`, errors = `status=~"5.."`, duration = buckets), labelled by route template. The
 * operational series (outbox, consumer lag, dead letters, queues) are registered on the same registry by
 * OperationalMetrics. Served on the process's internal metrics port only (MetricsServer), never on its public port.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor(processName: string) {
    this.registry.setDefaultLabels({ service: processName });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status: duration in seconds (_count is the request count)',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      const end = this.httpDuration.startTimer();
      res.once('finish', () =>
        end({ method: req.method, route: routeLabel(req, res), status: String(res.statusCode) }),
      );
      next();
    };
  }

  /** The exposition text of every series of the process. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
