import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';

/** Paths the console's client-side router never owns. */
const SERVER_PREFIXES = ['/api/', '/health', '/metrics', '/docs', '/realtime'];

/**
 * Serves the built console: its files, and index.html for any other GET that accepts HTML,
 * so deep links (/cases, /groups/view/42) load the single-page application.
 */
export function mountConsole(app: INestApplication, distDir: string): void {
  const index = join(distDir, 'index.html');
  app.use(express.static(distDir, { index: false, maxAge: '1h', setHeaders: noCacheForHtml }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage = req.method === 'GET' && req.accepts(['html', 'json']) === 'html';
    if (!isPage || SERVER_PREFIXES.some((p) => req.path.startsWith(p))) return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The console is not built yet: run npm run build.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

function noCacheForHtml(res: Response, path: string): void {
  if (path.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
}

export const consoleIsBuilt = (distDir: string): boolean => existsSync(join(distDir, 'index.html'));
