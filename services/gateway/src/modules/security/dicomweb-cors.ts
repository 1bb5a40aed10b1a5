import type { INestApplication } from '@nestjs/common';
import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface.js';
import type { NextFunction, Request, Response } from 'express';

/** Where DICOMweb is forwarded (imaging's /dicomweb under the gateway's /api/imaging). */
export const DICOMWEB_PATH = /^\/api\/imaging\/dicomweb(\/|$)/;

/**
 * What a browser on an allowed origin may do with DICOMweb (docs/decisions/0209-dicomweb-cors.md): read, search and
 * store with `Authorization: Bearer` (no cookies: credentials are not allowed), read the Warning header of QIDO
 * answers and the WWW-Authenticate of a 401; a preflight is remembered for 10 minutes.
 */
export function dicomwebCorsOptions(origin: string): CorsOptions {
  return {
    origin,
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Accept', 'Content-Type', 'Cache-Control', 'X-Requested-With'],
    exposedHeaders: ['Warning', 'WWW-Authenticate', 'Content-Location', 'Content-Length', 'Content-Type'],
    credentials: false,
    maxAge: 600,
    optionsSuccessStatus: 204,
  };
}

/**
 * CORS for DICOMweb only, for the origins configured (DICOMWEB_CORS_ORIGINS; none by default: same-origin only, as
 * before). An OHIF viewer served from another origin sends a preflight (OPTIONS with Origin and
 * Access-Control-Request-*): the gateway answers it itself, 204, without forwarding it. A request from an allowed
 * origin gets Access-Control-Allow-Origin, and Cross-Origin-Resource-Policy cross-origin in place of the
 * same-origin the security headers set (a viewer page that is cross-origin isolated, COEP require-corp, needs it);
 * a request without an allowed Origin keeps every header as it was. Mount after the security headers, before the
 * proxies.
 */
export function mountDicomwebCors(app: INestApplication, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.enableCors((req: Request, callback: (error: Error | null, options: CorsOptions) => void) => {
    const origin = req.headers.origin;
    if (!DICOMWEB_PATH.test(req.path) || !origin || !allowed.has(origin)) {
      // not for DICOMweb or not an allowed origin: no CORS headers, and a preflight goes on as any request
      callback(null, { origin: false, preflightContinue: true });
      return;
    }
    callback(null, dicomwebCorsOptions(origin));
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin && allowed.has(origin) && DICOMWEB_PATH.test(req.path))
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    next();
  });
}
