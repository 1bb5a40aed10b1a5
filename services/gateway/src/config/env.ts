import { SERVICE_NAMES, type ServiceName } from '@rayworks/contracts';
import { envVars, loadEnv } from '@rayworks/nest-kit';
import { z } from 'zod';

const serviceUrlVar = (name: ServiceName) => `SERVICE_URL_${name.toUpperCase()}`;

/** The gateway's variables: its port, Redis (socket.io adapter), where each service answers, the built console. */
export const gatewayEnvSchema = z.object({
  PORT: envVars.PORT,
  LOG_LEVEL: envVars.LOG_LEVEL,
  REDIS_URL: envVars.REDIS_URL,
  WEB_DIST_DIR: z.string().min(1),
  ...Object.fromEntries(SERVICE_NAMES.map((name) => [serviceUrlVar(name), z.url()])),
});

export interface GatewayEnv {
  PORT: number;
  LOG_LEVEL: string;
  REDIS_URL: string;
  WEB_DIST_DIR: string;
  serviceUrls: Record<ServiceName, string>;
}

export function loadGatewayEnv(env: Record<string, string | undefined> = process.env): GatewayEnv {
  const parsed = loadEnv(gatewayEnvSchema, env) as Record<string, string | number>;
  return {
    PORT: parsed.PORT as number,
    LOG_LEVEL: parsed.LOG_LEVEL as string,
    REDIS_URL: parsed.REDIS_URL as string,
    WEB_DIST_DIR: parsed.WEB_DIST_DIR as string,
    serviceUrls: Object.fromEntries(SERVICE_NAMES.map((n) => [n, String(parsed[serviceUrlVar(n)]).replace(/\/$/, '')])) as Record<
      ServiceName,
      string
    >,
  };
}
