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

/**
 * A service may run as several replicas behind the gateway, as Kubernetes runs a Deployment's pods
 * (docs/decisions/0333-service-replicas.md). `<SERVICE>_REPLICAS` (e.g. CASES_REPLICAS=2) says how many processes
 * `npm start` runs of it; the gateway's `SERVICE_URL_<SERVICE>` then lists every replica's URL, comma-separated, and
 * the gateway spreads requests over them.
 */
export const serviceReplicasVariable = (service: ServiceName): string => `${service.toUpperCase()}_REPLICAS`;

/** The most replicas of one service a local run starts (their ports must stay clear of the other services'). */
export const MAX_LOCAL_REPLICAS = 8;

/**
 * Replica n's local port (n from 1): the first is the service's own port, each next one 10 above the last (cases 3002,
 * 3012, 3022 …), so no replica takes another service's, a worker's or a metrics port.
 */
export const replicaPort = (service: ServiceName, replica: number): number =>
  SERVICE_PORTS[service] + 10 * (replica - 1);

/** Replica n's process name in a local run: the service's name for the first, `<service>-<n>` for the others. */
export const replicaName = (service: ServiceName, replica: number): string =>
  replica === 1 ? service : `${service}-${replica}`;

/** Services that own BullMQ queues and so have a worker entry point (src/worker.ts). */
export const SERVICES_WITH_WORKERS: readonly ServiceName[] = ['reporting', 'billing', 'lims', 'imaging'];

/**
 * The lims-analyzers process (docs/decisions/0301): laboratory analyzers connect to it, not to the gateway. `health`
 * is its HTTP port (health checks only), `hl7` where it takes HL7 v2 over MLLP (2575, the port IANA registers for
 * HL7 over MLLP) and `astm` where it takes ASTM E1394 over TCP with E1381 framing.
 */
export const LIMS_ANALYZERS_PORTS = { health: 3205, hl7: 2575, astm: 15200 } as const;

/** The path prefix under which the gateway forwards to a service: /api/<service>/... */
export const serviceApiPrefix = (service: ServiceName): string => `/api/${service}`;

/** Workers answer health checks on their own port: the service's port + 100. */
export const workerPort = (service: ServiceName): number => SERVICE_PORTS[service] + 100;

/**
 * In local runs each process serves /metrics on its own internal port, its HTTP port + 1000 (auth 4001, the
 * reporting worker 4103, the gateway 9080), bound to the loopback; containers use METRICS_PORT's default, 9464
 * (docs/decisions/0090).
 */
export const localMetricsPort = (port: number): number => port + 1000;

/** A service's name as a user reads it. */
export const SERVICE_TITLES: Record<ServiceName, string> = {
  auth: 'Auth',
  cases: 'Cases',
  reporting: 'Reporting',
  billing: 'Billing',
  lims: 'LIMS',
  imaging: 'Imaging',
};

/**
 * The gateway's answer when a service does not answer (HTTP 503, `{ status: 'error', data: null, message, service }`);
 * the console shows it on the maintenance page (docs/decisions/0041-service-down-503.md).
 */
export const SERVICE_UNAVAILABLE_STATUS = 503;
export const serviceUnavailableMessage = (service: ServiceName): string =>
  `The ${SERVICE_TITLES[service]} service is not answering right now. Please try again in a few minutes.`;
