import type { INestApplication } from '@nestjs/common';
import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import {
  SERVICE_NAMES,
  SERVICE_UNAVAILABLE_STATUS,
  serviceApiPrefix,
  serviceUnavailableMessage,
  type ServiceName,
} from '@rayworks/contracts';
import { CORRELATION_HEADER, REQUEST_ID_HEADER, currentContext } from '@rayworks/nest-kit';
import { isUnreachable, UpstreamPool } from './upstream-pool.js';

/**
 * How long a kept-alive connection to a service may sit idle in the gateway's pool: less than the services' own
 * keep-alive timeout (Node's default, 5 s), so the gateway drops an idle socket before the service closes it and never
 * sends a request down a socket the service is closing (read ECONNRESET → 503; one in 2,331 k6 requests,
 * docs/benchmarks.md 2026-11-27).
 */
export const SERVICE_IDLE_SOCKET_MS = 4_000;

/** The gateway's pool of kept-alive connections to the services. */
export const serviceAgent = (): Agent =>
  new Agent({ keepAlive: true, timeout: SERVICE_IDLE_SOCKET_MS, maxSockets: 256, maxFreeSockets: 64 });

/** Forwarding headers a client could send to pose as someone else; the gateway writes its own or none. */
const CLIENT_FORWARDING_HEADERS = ['forwarded', 'x-real-ip', 'x-forwarded-port', 'x-client-ip'] as const;

/**
 * Who the client is, as the gateway decided it, for the service: X-Forwarded-For is the one client address
 * (`req.ip`: the peer's address, or what a proxy in TRUSTED_PROXIES said), X-Forwarded-Proto and -Host as the
 * browser used them. Whatever the client sent in these headers is overwritten (docs/decisions/0065).
 */
export function setForwardingHeaders(proxyReq: ClientRequest, req: Request): void {
  for (const name of CLIENT_FORWARDING_HEADERS) proxyReq.removeHeader(name);
  proxyReq.setHeader('x-forwarded-for', req.ip ?? req.socket.remoteAddress ?? '');
  proxyReq.setHeader('x-forwarded-proto', req.protocol);
  if (req.host) proxyReq.setHeader('x-forwarded-host', req.host);
}

/**
 * Forwards /api/<service>/... to the service, stripping the prefix, with the request and correlation ids and the
 * forwarding headers the gateway sets itself. A service with several replicas (its SERVICE_URL_<SERVICE> lists them;
 * docs/decisions/0333-service-replicas.md) gets its requests in turn over them (UpstreamPool), all through one pool of
 * kept-alive connections.
 * A service that does not answer (refused, unreachable, reset, timed out) gives 503 with a message naming it and
 * `service`, so the console can tell the user which part is down (docs/decisions/0041-service-down-503.md); a replica
 * that refused a connection is passed over for a few seconds.
 */
export function mountServiceProxies(
  app: INestApplication,
  serviceUpstreams: Record<ServiceName, readonly string[]>,
  logger: Logger,
): void {
  const agent = serviceAgent();
  for (const service of SERVICE_NAMES) {
    const pool = new UpstreamPool(serviceUpstreams[service]);
    const proxies = pool.urls.map((target, replica) =>
      createProxyMiddleware({
        target,
        agent,
        changeOrigin: true,
        xfwd: false,
        proxyTimeout: 60_000,
        // hpm's default plugins without its logger, which builds a URL and a line for every answer it forwards
        ejectPlugins: true,
        plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
        on: {
          proxyReq: (proxyReq, req) => {
            setForwardingHeaders(proxyReq, req as unknown as Request);
            const context = currentContext();
            if (context?.requestId) proxyReq.setHeader(REQUEST_ID_HEADER, context.requestId);
            if (context?.correlationId) proxyReq.setHeader(CORRELATION_HEADER, context.correlationId);
          },
          proxyRes: (proxyRes: IncomingMessage) => {
            delete proxyRes.headers['x-powered-by'];
          },
          error: (err, _req, res) => {
            if (isUnreachable(err) && pool.urls.length > 1) pool.markDown(replica);
            logger.warn({ err, service, upstream: target }, 'service did not answer');
            const response = res as ServerResponse;
            if (typeof response.writeHead !== 'function' || response.headersSent) return;
            response.writeHead(SERVICE_UNAVAILABLE_STATUS, { 'Content-Type': 'application/json', 'Retry-After': '30' });
            response.end(
              JSON.stringify({ status: 'error', data: null, message: serviceUnavailableMessage(service), service }),
            );
          },
        },
      }),
    );
    app.use(serviceApiPrefix(service), (req: Request, res: Response, next: NextFunction) =>
      proxies[pool.pick()]!(req, res, next),
    );
  }
}
