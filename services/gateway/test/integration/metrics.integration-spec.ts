import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { ApiClient } from '@rayworks/api-client';
import {
  GATEWAY_PORT,
  QUEUES,
  ROLE_CODES,
  SERVICE_NAMES,
  SERVICE_PORTS,
  SERVICE_SUBSCRIPTIONS,
  SERVICES_WITH_WORKERS,
  localMetricsPort,
  workerPort,
} from '@rayworks/contracts';
import { JobQueues, createRedis } from '@rayworks/nest-kit';
import { eventually, infraEnv, provisionTenant } from '@rayworks/testing';

/** Every process npm start runs, with its HTTP port (docs/decisions/0090: metrics on HTTP port + 1000 locally). */
const PROCESSES = [
  ...SERVICE_NAMES.map((name) => ({ name, port: SERVICE_PORTS[name] })),
  ...SERVICES_WITH_WORKERS.map((service) => ({ name: `${service}-worker`, port: workerPort(service) })),
  { name: 'gateway', port: GATEWAY_PORT },
];
const gateway = `http://127.0.0.1:${GATEWAY_PORT}`;
const scrape = async (port: number) => {
  const res = await fetch(`http://127.0.0.1:${localMetricsPort(port)}/metrics`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};
const labelsOf = (inner: string): Record<string, string> =>
  Object.fromEntries([...inner.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
/**
 * The value of a series written `name{label="value",...}`: the line of that name whose labels are these, in any
 * order (prom-client places the default `service` label differently per metric type); undefined when absent.
 */
const value = (text: string, series: string): number | undefined => {
  const [, name, inner] = /^([\w:]+)\{(.*)\}$/.exec(series)!;
  const wanted = labelsOf(inner!);
  for (const line of text.split('\n')) {
    const match = /^([\w:]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = labelsOf(match[2]!);
    if (
      Object.keys(has).length === Object.keys(wanted).length &&
      Object.entries(wanted).every(([k, v]) => has[k] === v)
    )
      return Number(match[3]);
  }
  return undefined;
};
const PROMETHEUS_TEXT = /# TYPE |process_resident_memory_bytes|http_request_duration_seconds/;

/**
 * The metrics operators watch, on the running system (docs/decisions/0090): every process serves them on its own
 * internal port — HTTP by route template, process metrics, outbox and job-outbox backlog, dead letters, queues —
 * and nothing of them is reachable through the gateway's public address.
 */
describe('metrics', () => {
  const suffix = randomBytes(3).toString('hex');
  const redis = createRedis(infraEnv().redisUrl, 'it-metrics');
  const queues = new JobQueues(redis);
  const addedJobs: string[] = [];

  beforeAll(async () => {
    // Traffic through the gateway: a route the service knows (401 without a session) and a path it does not.
    const client = new ApiClient({ baseUrl: gateway });
    await client.raw('auth', 'GET', '/config');
    await client.raw('auth', 'GET', `/no-such-path-${suffix}`);
    // An outbox row: provisioning a company records its events in auth's outbox.
    await provisionTenant({
      company: { name: `Metrics IT ${suffix}`, code: `it-metrics-${suffix}` },
      users: [
        {
          loginName: `metrics${suffix}.admin`,
          firstName: 'Metrics',
          lastName: 'Admin',
          email: `metrics${suffix}.admin@it.rayworks.local`,
          role: ROLE_CODES.ADMIN,
          password: 'Metrics@1234',
        },
      ],
    });
  });

  afterAll(async () => {
    for (const id of addedJobs) await (await queues.queue(QUEUES.limsLabReportPdf).getJob(id))?.remove();
    await queues.close();
    redis.disconnect();
  });

  it.each(PROCESSES)(
    '$name serves its process and HTTP metrics on its internal metrics port',
    async ({ name, port }) => {
      const { status, type, text } = await scrape(port);
      expect(status).toBe(200);
      expect(type).toContain('text/plain');
      expect(text).toContain(`process_resident_memory_bytes{service="${name}"}`);
      expect(text).toContain(`nodejs_eventloop_lag_seconds{service="${name}"}`);
      // npm start polled each process's readiness: a route template with method and status.
      expect(
        value(
          text,
          `http_request_duration_seconds_count{service="${name}",method="GET",route="/health/ready",status="200"}`,
        ),
      ).toBeGreaterThan(0);
    },
  );

  it('labels requests by route template, never by raw URL, in the gateway and in the service', async () => {
    const auth = (await scrape(SERVICE_PORTS.auth)).text;
    const gw = (await scrape(GATEWAY_PORT)).text;
    expect(
      value(auth, 'http_request_duration_seconds_count{service="auth",method="GET",route="/config",status="401"}'),
    ).toBeGreaterThan(0);
    expect(
      value(auth, 'http_request_duration_seconds_count{service="auth",method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThan(0);
    expect(
      value(gw, 'http_request_duration_seconds_count{service="gateway",method="GET",route="/api/auth/*",status="404"}'),
    ).toBeGreaterThan(0);
    expect(auth).not.toContain(suffix);
    expect(gw).not.toContain(suffix);
  });

  it('reports the outbox and job-outbox backlog of each service schema, from its API and its worker', async () => {
    for (const { name } of PROCESSES.filter((p) => p.name !== 'gateway')) {
      const schema = name.replace(/-worker$/, '');
      const port = PROCESSES.find((p) => p.name === name)!.port;
      const labels = `{service="${name}",schema="${schema}"}`;
      // The relays keep up: the rows provisioning wrote are published, so nothing waits (eventually 0).
      const text = await eventually(
        async () => (await scrape(port)).text,
        (t) => value(t, `rayworks_outbox_pending_events${labels}`) === 0,
        { what: `${name}'s outbox backlog`, timeoutMs: 15_000 },
      );
      expect(value(text, `rayworks_outbox_oldest_pending_age_seconds${labels}`)).toBe(0);
      expect(value(text, `rayworks_job_outbox_pending_jobs${labels}`)).toBeGreaterThanOrEqual(0);
      expect(value(text, `rayworks_job_outbox_oldest_pending_age_seconds${labels}`)).toBeGreaterThanOrEqual(0);
    }
  });

  it.each(SERVICE_NAMES)(
    '%s reports the dead letters of every topic it reads (records in <topic>.dlq)',
    async (service) => {
      const { text } = await scrape(SERVICE_PORTS[service]);
      for (const topic of SERVICE_SUBSCRIPTIONS[service].topics)
        expect({ topic, count: value(text, `rayworks_dead_letters{service="${service}",topic="${topic}"}`) }).toEqual({
          topic,
          count: expect.any(Number),
        });
    },
  );

  it.each(SERVICE_NAMES)(
    "%s reports its open dead letters, and whether its consumer is in its group, with the lag's age (issue 20 item 3)",
    async (service) => {
      const { text } = await scrape(SERVICE_PORTS[service]);
      expect(value(text, `rayworks_dead_letters_open{service="${service}",schema="${service}"}`)).toEqual(
        expect.any(Number),
      );
      const ready = (await (await fetch(`http://127.0.0.1:${SERVICE_PORTS[service]}/health/ready`)).json()) as {
        checks: Record<string, unknown>;
      };
      const group = `${service}.${SERVICE_SUBSCRIPTIONS[service].purpose}`;
      if (!(`consumer:${group}` in ready.checks)) {
        // no handlers: the group does not join, and no series says it runs
        expect(text).not.toContain('rayworks_kafka_consumer_running{');
        return;
      }
      expect(value(text, `rayworks_kafka_consumer_running{service="${service}",group="${group}"}`)).toBe(1);
      expect(value(text, `rayworks_kafka_consumer_crashes_total{service="${service}",group="${group}"}`)).toEqual(
        expect.any(Number),
      );
      const ages = text.split('\n').filter((l) => l.startsWith('rayworks_kafka_consumer_lag_seconds{'));
      expect(ages.length).toBeGreaterThan(0);
      for (const line of ages) expect(line).toContain(`group="${group}"`);
    },
  );

  it("reports each of the service's queues by state, in its API and its worker process", async () => {
    const queue = QUEUES.limsLabReportPdf;
    const delayed = (text: string, service: string) =>
      value(text, `rayworks_queue_jobs{service="${service}",queue="${queue}",state="delayed"}`);
    const before = delayed((await scrape(workerPort('lims'))).text, 'lims-worker');
    expect(before).toBeGreaterThanOrEqual(0);
    // A job due in an hour: the lims worker processes this queue, so the job waits as delayed until the test removes it.
    const job = await queues
      .queue(queue)
      .add('labReportPdf', { meta: { tenantId: null, correlationId: 'it' } }, { delay: 3_600_000 });
    addedJobs.push(job.id!);
    for (const [service, port] of [
      ['lims-worker', workerPort('lims')],
      ['lims', SERVICE_PORTS.lims],
    ] as const) {
      const text = (await scrape(port)).text;
      expect(delayed(text, service)).toBe(before! + 1);
      for (const state of ['waiting', 'active', 'prioritized', 'failed', 'completed'])
        expect(
          value(text, `rayworks_queue_jobs{service="${service}",queue="${queue}",state="${state}"}`),
        ).toBeGreaterThanOrEqual(0);
    }
    // auth processes its mail queue itself: its stalled-job counter is there from the start.
    const auth = (await scrape(SERVICE_PORTS.auth)).text;
    expect(
      value(auth, `rayworks_queue_jobs_stalled_total{service="auth",queue="${QUEUES.authMail}"}`),
    ).toBeGreaterThanOrEqual(0);
    expect(auth).not.toContain(`queue="${queue}"`);
  });

  it("does not serve any process's metrics through the gateway's public address, with or without a token", async () => {
    const paths = ['/metrics', '/api/metrics', ...SERVICE_NAMES.map((s) => `/api/${s}/metrics`)];
    for (const path of paths) {
      for (const headers of [{}, { Authorization: `Bearer ${'x'.repeat(40)}` }]) {
        const res = await fetch(`${gateway}${path}`, { headers });
        const text = await res.text();
        expect({ path, leaked: PROMETHEUS_TEXT.test(text) }).toEqual({ path, leaked: false });
      }
    }
    // Nor on a service's or worker's own HTTP port: only the internal metrics port serves them.
    for (const { port } of PROCESSES.filter((p) => p.name !== 'gateway')) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect({ port, status: res.status, leaked: PROMETHEUS_TEXT.test(await res.text()) }).toEqual({
        port,
        status: 404,
        leaked: false,
      });
    }
  });
});
