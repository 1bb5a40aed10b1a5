import type { INestApplication } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import {
  SERVICE_NAMES,
  SERVICE_UNAVAILABLE_STATUS,
  serviceApiPrefix,
  serviceUnavailableMessage,
  type ServiceName,
} from '@rayworks/contracts';
import { CORRELATION_HEADER, REQUEST_ID_HEADER, currentContext } from '@rayworks/nest-kit';

/**
 * Forwards /api/<service>/... to the service, stripping the prefix, with the request and correlation ids.
 * A service that does not answer (refused, unreachable, reset, timed out) gives 503 with a message naming it and
 * `service`, so the console can tell the user which part is down (docs/decisions/0041-service-down-503.md).
 */
export function mountServiceProxies(
  app: INestApplication,
  serviceUrls: Record<ServiceName, string>,
  logger: Logger,
): void {
  for (const service of SERVICE_NAMES) {
    app.use(
      serviceApiPrefix(service),
      createProxyMiddleware({
        target: serviceUrls[service],
        changeOrigin: true,
        xfwd: true,
        proxyTimeout: 60_000,
        on: {
          proxyReq: (proxyReq) => {
            const context = currentContext();
            if (context?.requestId) proxyReq.setHeader(REQUEST_ID_HEADER, context.requestId);
            if (context?.correlationId) proxyReq.setHeader(CORRELATION_HEADER, context.correlationId);
          },
          error: (err, _req, res) => {
            logger.warn({ err, service }, 'service did not answer');
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
  }
}
