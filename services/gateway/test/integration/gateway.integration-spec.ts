import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import {
  GATEWAY_PORT,
  REALTIME_PATH,
  SERVICE_NAMES,
  SERVICE_PORTS,
  livenessReportSchema,
  readinessReportSchema,
} from '@rayworks/contracts';
import { eventually, startScript, stop } from '@rayworks/testing';

/** The running system (npm test starts it) as the browser reaches it: only through the gateway. */
const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;

describe('gateway', () => {
  it('reports every service ready through /api/<service>/health/ready, and itself ready', async () => {
    for (const service of SERVICE_NAMES) {
      const res = await fetch(`${base}/api/${service}/health/ready`);
      const report = readinessReportSchema.parse(await res.json());
      expect(res.status).toBe(200);
      expect(report).toMatchObject({ service, status: 'ready' });
      expect(Object.keys(report.checks).sort()).toEqual(['database', 'kafka', 'redis', 'storage']);
    }
    const own = readinessReportSchema.parse(await (await fetch(`${base}/health/ready`)).json());
    expect(own).toMatchObject({ service: 'gateway', status: 'ready' });
    expect(Object.keys(own.checks).sort()).toEqual(['console', 'redis', 'services']);
  });

  it('strips the /api/<service> prefix and forwards the correlation id', async () => {
    const res = await fetch(`${base}/api/lims/health/live`, { headers: { 'x-correlation-id': 'it-flow-1' } });
    expect(livenessReportSchema.parse(await res.json()).service).toBe('lims');
    expect(res.headers.get('x-correlation-id')).toBe('it-flow-1');
  });

  it('serves each service OpenAPI document and Prometheus metrics', async () => {
    const doc = (await (await fetch(`${base}/api/auth/docs-json`)).json()) as { info: { title: string }; paths: Record<string, unknown> };
    expect(doc.info.title).toBe('Rayworks auth API');
    expect(Object.keys(doc.paths)).toContain('/health/ready');
    const metrics = await (await fetch(`${base}/api/imaging/metrics`)).text();
    expect(metrics).toMatch(/http_request_duration_seconds_count\{service="imaging",method="GET",route="\/health\/ready",status="200"\} \d+/);
    expect(metrics).toContain('process_resident_memory_bytes');
  });

  it("lists a service's dead letters for operators", async () => {
    const res = await fetch(`${base}/api/cases/ops/dead-letters?limit=5`);
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });

  it('serves the console for deep links, but not for API paths', async () => {
    const page = await fetch(`${base}/cases/import`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${base}/api/nothing-here/x`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
  });

  it('says hello over socket.io at /realtime', async () => {
    const socket = io(base, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false });
    try {
      const hello = await new Promise<{ gateway: string }>((resolve, reject) => {
        socket.on('system:hello', resolve);
        socket.on('connect_error', reject);
      });
      expect(hello.gateway).toMatch(/:\d+$/);
    } finally {
      socket.close();
    }
  });
});

describe('gateway with a service down', () => {
  let gateway: ReturnType<typeof startScript>;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    const closed = await freePort();
    gateway = startScript(fileURLToPath(new URL('../../dist/main.js', import.meta.url)), {
      PORT: String(port),
      REDIS_URL: process.env.REDIS_URL!,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: fileURLToPath(new URL('../../../../web/dist', import.meta.url)),
      ...Object.fromEntries(SERVICE_NAMES.map((s) => [`SERVICE_URL_${s.toUpperCase()}`, `http://127.0.0.1:${s === 'lims' ? closed : SERVICE_PORTS[s]}`])),
    });
    await eventually(() => fetch(`http://127.0.0.1:${port}/health/live`), (r) => r.ok, { what: 'second gateway up' });
  });

  afterAll(async () => gateway && stop(gateway));

  it("answers 502 'Bad Gateway' for that service and is not ready, naming it", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/lims/health/live`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ status: 'error', data: null, message: 'Bad Gateway', service: 'lims' });
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(ready.status).toBe(503);
    const report = readinessReportSchema.parse(await ready.json());
    expect(report.checks.services).toMatchObject({ status: 'down', error: 'not ready: lims' });
    // the other services still answer through it
    expect((await fetch(`http://127.0.0.1:${port}/api/cases/health/live`)).status).toBe(200);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
