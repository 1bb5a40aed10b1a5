import { SERVICE_NAMES, type ServiceName } from '@rayworks/contracts';
import { envVars, loadEnv, sessionAuthEnv, verifierEnv, type AuthEnv } from '@rayworks/nest-kit';
import { z } from 'zod';

const serviceUrlVar = (name: ServiceName) => `SERVICE_URL_${name.toUpperCase()}`;

/**
 * The gateway's variables: its port, Redis (socket.io adapter, sessions), where each service answers, the built
 * console, and where the auth service's public keys are and the session timeout, to verify socket.io connections.
 */
export const gatewayEnvSchema = z.object({
  PORT: envVars.PORT,
  LOG_LEVEL: envVars.LOG_LEVEL,
  REDIS_URL: envVars.REDIS_URL,
  ...sessionAuthEnv,
  ...verifierEnv,
  WEB_DIST_DIR: z.string().min(1),
  /** How often open sockets are checked against their sessions (idle expiry closes them). */
  REALTIME_SESSION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** The object store as browsers reach it (presigned URLs): the console's CSP allows its origin (decision 0066). */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  /**
   * Origins whose pages may call DICOMweb (/api/imaging/dicomweb) from the browser, comma-separated
   * (`https://viewer.example.com,https://ohif.example.org`): an OHIF viewer served elsewhere. Empty (the default):
   * none, same-origin only (decision 0209).
   */
  DICOMWEB_CORS_ORIGINS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .pipe(
      z.array(
        z.url().refine((o) => new URL(o).origin === o, {
          message: 'an origin: scheme://host[:port], without a path or a trailing slash',
        }),
      ),
    ),
  /** Each service's URL, or its replicas' URLs comma-separated (decision 0333): the gateway spreads over them. */
  ...Object.fromEntries(SERVICE_NAMES.map((name) => [serviceUrlVar(name), envVars.SERVICE_URLS])),
});

export interface GatewayEnv {
  PORT: number;
  LOG_LEVEL: string;
  REDIS_URL: string;
  WEB_DIST_DIR: string;
  REALTIME_SESSION_SWEEP_SECONDS: number;
  /** Origins besides the gateway's own that the console loads images from and uploads to (the object store). */
  storageOrigins: string[];
  /** Origins allowed to call DICOMweb from the browser (CORS; none by default). */
  dicomwebCorsOrigins: string[];
  /** Every replica of every service, in the order configured: the proxy spreads requests over them (decision 0333). */
  serviceUpstreams: Record<ServiceName, string[]>;
  auth: AuthEnv;
}

export function loadGatewayEnv(env: Record<string, string | undefined> = process.env): GatewayEnv {
  const typed = loadEnv(gatewayEnvSchema, env);
  const parsed = typed as unknown as Record<string, string | number>;
  const upstreams = Object.fromEntries(
    SERVICE_NAMES.map((n) => [n, (typed as unknown as Record<string, string[]>)[serviceUrlVar(n)]]),
  ) as Record<ServiceName, string[]>;
  return {
    PORT: parsed.PORT as number,
    LOG_LEVEL: parsed.LOG_LEVEL as string,
    REDIS_URL: parsed.REDIS_URL as string,
    WEB_DIST_DIR: parsed.WEB_DIST_DIR as string,
    REALTIME_SESSION_SWEEP_SECONDS: parsed.REALTIME_SESSION_SWEEP_SECONDS as number,
    storageOrigins: parsed.S3_PUBLIC_ENDPOINT ? [new URL(parsed.S3_PUBLIC_ENDPOINT as string).origin] : [],
    dicomwebCorsOrigins: typed.DICOMWEB_CORS_ORIGINS,
    auth: {
      AUTH_JWKS_URL: parsed.AUTH_JWKS_URL as string,
      ACCESS_TOKEN_TTL_SECONDS: parsed.ACCESS_TOKEN_TTL_SECONDS as number,
      SESSION_IDLE_TIMEOUT_SECONDS: parsed.SESSION_IDLE_TIMEOUT_SECONDS as number,
    },
    serviceUpstreams: upstreams,
  };
}
