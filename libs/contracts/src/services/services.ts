/** Every back-end process of Rayworks, with its local port. One source of truth for names and ports. */
export const SERVICE_NAMES = ['auth', 'cases', 'reporting', 'billing', 'lims', 'imaging'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const GATEWAY_PORT = 8080;

export const SERVICE_PORTS: Record<ServiceName, number> = {
  auth: 3001,
  cases: 3002,
  reporting: 3003,
  billing: 3004,
  lims: 3005,
  imaging: 3006,
};

/** Services that own BullMQ queues and so have a worker entry point (src/worker.ts). */
export const SERVICES_WITH_WORKERS: readonly ServiceName[] = ['reporting', 'billing', 'lims', 'imaging'];

/** The path prefix under which the gateway forwards to a service: /api/<service>/... */
export const serviceApiPrefix = (service: ServiceName): string => `/api/${service}`;

/** Workers answer health checks on their own port: the service's port + 100. */
export const workerPort = (service: ServiceName): number => SERVICE_PORTS[service] + 100;
