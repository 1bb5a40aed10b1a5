import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';

/** Paths the console's client-side router never owns. */
const SERVER_PREFIXES = ['/api/', '/health', '/metrics', '/docs', '/realtime', '/assets/'];

/** Vite's output with a content hash in every file name: a changed file has a new name, so it never goes stale. */
export const HASHED_ASSETS_PATH = '/assets';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html, version.json, favicon: the browser revalidates (ETag) every time, so a release is seen at once. */
export const REVALIDATE_CACHE = 'no-cache';

const SOURCE_MAP = /\.map$/i;

/** The console is an operator tool behind a login: nothing in it is for search engines. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

/**
 * Serves the built console: hashed assets cached for a year (immutable), the other files and index.html
 * revalidated on every use, index.html for any other GET or HEAD that accepts HTML (so deep links such as /cases and
 * /groups/view/42 load the single-page application), and /robots.txt. A missing file under /assets is a 404, never
 * index.html: a browser holding an old page asks for chunks of the previous release, and HTML in place of a
 * script only hides that.
 */
export function mountConsole(app: INestApplication, distDir: string): void {
  const index = join(distDir, 'index.html');
  // Source maps are the console's source: never served, even from a build that has them (docs/decisions/0067).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!SOURCE_MAP.test(req.path)) return next();
    res.status(404).type('text/plain').send('Not found');
  });
  app.use('/robots.txt', (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('text/plain').send(ROBOTS_TXT);
  });
  app.use(
    HASHED_ASSETS_PATH,
    express.static(join(distDir, 'assets'), {
      index: false,
      fallthrough: false,
      immutable: true,
      maxAge: '365d',
    }),
  );
  app.use(express.static(distDir, { index: false, cacheControl: false, setHeaders: revalidate }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && req.accepts(['html', 'json']) === 'html';
    if (!isPage || SERVER_PREFIXES.some((p) => req.path.startsWith(p))) return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The console is not built yet: run npm run build.');
      return;
    }
    res.setHeader('Cache-Control', REVALIDATE_CACHE);
    res.sendFile(index);
  });
}

function revalidate(res: Response): void {
  res.setHeader('Cache-Control', REVALIDATE_CACHE);
}

export const consoleIsBuilt = (distDir: string): boolean => existsSync(join(distDir, 'index.html'));
