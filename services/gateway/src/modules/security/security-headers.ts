import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The kinds of answer the gateway gives, each with its own browser protections (docs/decisions/0066):
 * - `console`: the console's page and its assets (the single-page application);
 * - `api`: JSON from the services and the gateway's own health and metrics — never a document to render;
 * - `docs`: the OpenAPI UI (/docs, /api/<service>/docs), served outside production only;
 * - `viewer`: the cloud viewer's page (/dicomviewer, Cornerstone3D) and the scripts its decoders run in as Web
 *   Workers — cross-origin isolated (Cross-Origin-Opener-Policy same-origin + Cross-Origin-Embedder-Policy
 *   require-corp, so SharedArrayBuffer is available) and allowed to compile WebAssembly (the codecs). A dedicated
 *   worker takes its CSP and embedder policy from its own response, so the worker scripts need the class too
 *   (docs/decisions/0169).
 */
export type RouteClass = 'console' | 'api' | 'docs' | 'viewer';

/** Which class a path belongs to: the first whose pattern matches, `console` otherwise. */
const ROUTE_CLASSES: ReadonlyArray<readonly [RouteClass, RegExp]> = [
  ['docs', /^(\/api\/[^/]+)?\/docs(-json)?(\/|$)/],
  ['api', /^\/(api|health|metrics|realtime)(\/|$)/],
  ['viewer', /^\/dicomviewer\/?$/],
  // Vite names a `new Worker(new URL('./x.worker.js', import.meta.url))` chunk after its source file: the image
  // loader's decode worker (decodeImageFrameWorker-<hash>.js) and any other *worker* chunk.
  ['viewer', /^\/assets\/[^/]*worker[^/]*\.m?js$/i],
];

export const routeClassOf = (path: string): RouteClass =>
  ROUTE_CLASSES.find(([, pattern]) => pattern.test(path))?.[0] ?? 'console';

export interface SecurityHeaderSettings {
  /** Origins besides the gateway's own the console loads images from and uploads to: the object store's. */
  storageOrigins: string[];
}

/** Strict-Transport-Security: a year, subdomains included; sent only on answers that went out over HTTPS. */
export const HSTS = { maxAge: 31_536_000, includeSubDomains: true, preload: false } as const;

/**
 * The console's Content-Security-Policy: scripts only from the gateway (no inline script, no eval); styles from
 * the gateway and inline (Mantine writes its theme variables into <style> elements at run time); images and
 * uploads also to the object store (presigned URLs); socket.io and the API on the gateway itself; frames of the
 * gateway and of the console's own blobs (the report PDF, decision 0345); no plugins, no framing by anyone, forms and
 * <base> only to the gateway.
 */
export function consoleCsp(settings: SecurityHeaderSettings, secure: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...settings.storageOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...settings.storageOrigins],
    'worker-src': ["'self'", 'blob:'],
    // the report's PDF shown inline from a blob the console made of /report/pdf's bytes (decision 0345)
    'frame-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The viewer's page: the console's policy (it is the same single-page application) plus 'wasm-unsafe-eval' in
 * script-src — WebAssembly compilation only, still no eval() of strings and no inline script.
 */
export function viewerCsp(settings: SecurityHeaderSettings, secure: boolean): Record<string, string[]> {
  const csp = consoleCsp(settings, secure);
  return { ...csp, 'script-src': [...csp['script-src']!, "'wasm-unsafe-eval'"] };
}

/** An answer that is data, never a page: nothing may load from it or frame it. */
const API_CSP = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/** Swagger UI: its own script file, inline styles, data: icons. */
const DOCS_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The one place that decides a route class's headers. Common to all: nosniff, X-Frame-Options DENY (for browsers
 * without frame-ancestors), Referrer-Policy no-referrer (a password-reset link's token never leaves in a Referer),
 * Cross-Origin-Opener-Policy and -Resource-Policy same-origin, no X-Powered-By, HSTS over HTTPS only.
 */
export function helmetOptionsFor(
  routeClass: RouteClass,
  settings: SecurityHeaderSettings,
  secure: boolean,
): HelmetOptions {
  const directives = {
    console: () => consoleCsp(settings, secure),
    viewer: () => viewerCsp(settings, secure),
    api: () => API_CSP,
    docs: () => DOCS_CSP,
  }[routeClass]();
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Cross-Origin-Embedder-Policy only for the viewer's class (above): elsewhere it would block presigned images
    // from the object store. The viewer loads nothing cross-origin (DICOMweb and its assets are the gateway's).
    crossOriginEmbedderPolicy: routeClass === 'viewer' ? { policy: 'require-corp' } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
    strictTransportSecurity: secure ? HSTS : false,
    xPoweredBy: true,
  };
}

/**
 * Sends each answer the headers of its route class. Whether the browser came over HTTPS is `req.secure`: the
 * gateway listens on plain HTTP, so it is HTTPS only as a trusted proxy's X-Forwarded-Proto says (TRUSTED_PROXIES,
 * docs/decisions/0065); a client cannot claim it. Mount first, before compression, proxies and the console.
 */
export function mountSecurityHeaders(app: INestApplication, settings: SecurityHeaderSettings): void {
  const classes: RouteClass[] = ['console', 'api', 'docs', 'viewer'];
  const handlers = new Map<string, RequestHandler>(
    classes.flatMap((routeClass) =>
      [false, true].map(
        (secure) =>
          [
            `${routeClass}:${secure}`,
            helmet(helmetOptionsFor(routeClass, settings, secure)) as RequestHandler,
          ] as const,
      ),
    ),
  );
  app.use((req: Request, res: Response, next: NextFunction) =>
    handlers.get(`${routeClassOf(req.path)}:${req.secure}`)!(req, res, next),
  );
}
