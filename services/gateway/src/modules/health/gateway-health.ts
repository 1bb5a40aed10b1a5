import { ApiClient, readReadiness } from '@rayworks/api-client';
import { SERVICE_NAMES, type ServiceName } from '@rayworks/contracts';
import type { HealthChecks } from '@rayworks/nest-kit';
import type { Redis } from 'ioredis';
import { consoleIsBuilt } from '../console/console-static.js';

/** The gateway is ready when Redis answers, the console is built and every service says it is ready. */
export function registerGatewayChecks(
  checks: HealthChecks,
  redis: Redis,
  serviceUrls: Record<ServiceName, string>,
  webDistDir: string,
): void {
  checks.register('redis', async () => {
    if ((await redis.ping()) !== 'PONG') throw new Error('unexpected PING answer');
  });
  checks.register('console', async () => {
    if (!consoleIsBuilt(webDistDir)) throw new Error(`no console build in ${webDistDir}`);
  });
  // Straight to each service (not through the gateway's own proxy), with the typed client's readiness helper.
  const services = new ApiClient({ baseUrl: (service) => serviceUrls[service] });
  checks.register('services', async () => {
    const results = await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        try {
          const report = await readReadiness(services, name, { signal: AbortSignal.timeout(2500) });
          return report.status === 'ready' ? null : name;
        } catch {
          return name;
        }
      }),
    );
    const notReady = results.filter((n): n is ServiceName => n !== null);
    if (notReady.length > 0) throw new Error(`not ready: ${notReady.join(', ')}`);
  });
}
