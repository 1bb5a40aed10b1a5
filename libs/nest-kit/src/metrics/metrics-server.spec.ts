import { afterEach, describe, expect, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { Metrics, routeLabel, setMetricsRoute } from './metrics.js';
import { MetricsServer } from './metrics-server.js';

describe('MetricsServer', () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  const start = async (token?: string) => {
    server = new MetricsServer(new Metrics('it-metrics'), { port: 0, host: '127.0.0.1', token });
    await server.start();
    return `http://127.0.0.1:${server.port}`;
  };

  it('answers GET /metrics with the exposition text and nothing else', async () => {
    const base = await start();
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('process_resident_memory_bytes{service="it-metrics"}');
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/health/ready`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('asks for the bearer token when one is configured', async () => {
    const token = 'a-metrics-token-of-at-least-32-characters';
    const base = await start(token);
    const anonymous = await fetch(`${base}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await anonymous.text()).not.toContain('process_');
    const wrong = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token.replace('a', 'b')}` } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('process_resident_memory_bytes');
  });
});

describe('routeLabel', () => {
  const res = (locals: Record<string, unknown> = {}) => ({ locals }) as unknown as Response;
  const req = (route: string | undefined, baseUrl = '') =>
    ({ route: route === undefined ? undefined : { path: route }, baseUrl }) as unknown as Request;

  it('is the route template, the mount path of the middleware that answered, or unmatched — never the raw URL', () => {
    expect(routeLabel(req('/users/:id'), res())).toBe('/users/:id');
    expect(routeLabel(req(undefined, '/api/auth'), res())).toBe('/api/auth/*');
    expect(routeLabel(req(undefined), res())).toBe('unmatched');
    const labelled = res();
    setMetricsRoute(labelled, 'console');
    expect(routeLabel(req(undefined), labelled)).toBe('console');
  });
});
