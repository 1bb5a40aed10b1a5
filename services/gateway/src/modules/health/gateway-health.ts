import { ApiClient, readReadiness } from '@rayworks/api-client';
import { SERVICE_NAMES, type ServiceName } from '@rayworks/contracts';
import type { HealthChecks } from '@rayworks/nest-kit';
import type { Redis } from 'ioredis';
import { consoleIsBuilt } from '../console/console-static.js';

/**
 * The gateway is ready when Redis answers, the console is built and every service has a replica that says it is ready
 * (as a Kubernetes Service has endpoints while one pod is ready; docs/decisions/0333-service-replicas.md).
 */
export function registerGatewayChecks(
  checks: HealthChecks,
  redis: Redis,
  serviceUpstreams: Record<ServiceName, readonly string[]>,
  webDistDir: string,
): void {
  checks.register('redis', async () => {
    if ((await redis.ping()) !== 'PONG') throw new Error('unexpected PING answer');
  });
  checks.register('console', async () => {
    if (!consoleIsBuilt(webDistDir)) throw new Error(`no console build in ${webDistDir}`);
  });
  // Straight to each replica (not through the gateway's own proxy), with the typed client's readiness helper.
  const replicas = SERVICE_NAMES.flatMap((name) =>
    serviceUpstreams[name].map((url) => ({ name, client: new ApiClient({ baseUrl: () => url }) })),
  );
  checks.register('services', async () => {
    const ready = await Promise.all(
      replicas.map(async ({ name, client }) => {
        try {
          const report = await readReadiness(client, name, { signal: AbortSignal.timeout(2500) });
          return report.status === 'ready';
        } catch {
          return false;
        }
      }),
    );
    const notReady = SERVICE_NAMES.filter((name) => !replicas.some((r, i) => r.name === name && ready[i]));
    if (notReady.length > 0) throw new Error(`not ready: ${notReady.join(', ')}`);
  });
}
