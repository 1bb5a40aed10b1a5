import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { z } from 'zod';
import { metricsEnv } from '../config/env.js';
import type { Metrics } from './metrics.js';

export const metricsEnvSchema = z.object(metricsEnv);
export type MetricsEnv = z.infer<typeof metricsEnvSchema>;

export interface MetricsServerOptions {
  port: number;
  host: string;
  token?: string;
}

/** A small HTTP server that answers GET /metrics (and nothing else) on the internal metrics port. */
export class MetricsServer {
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    private readonly options: MetricsServerOptions,
    private readonly logger?: Logger,
  ) {}

  async start(): Promise<void> {
    const server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger?.info({ metricsPort: this.port, host: this.options.host }, 'metrics listening');
  }

  /** The port it listens on (the one asked for, or the one given for port 0). */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? this.options.port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') return end(res, 404, 'not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return end(res, 405, 'method not allowed\n', { Allow: 'GET' });
    if (this.options.token && !bearerMatches(req.headers.authorization, this.options.token)) {
      return end(res, 401, 'unauthorized\n', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    try {
      const body = await this.metrics.scrape();
      res.writeHead(200, { 'Content-Type': this.metrics.contentType, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      this.logger?.error({ err: error }, 'metrics scrape failed');
      end(res, 500, 'scrape failed\n');
    }
  }
}

function end(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!.trim());
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
