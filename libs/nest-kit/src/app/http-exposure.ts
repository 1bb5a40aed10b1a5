import { isIP } from 'node:net';
import { z } from 'zod';
import { loadEnv } from '../config/env.js';

/** Express's names for address ranges (proxy-addr): 127.0.0.0/8 and ::1, 169.254.0.0/16 and fe80::/10, private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or one of Express's range names. */
export function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const proxyList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().refine(isProxyAddress, 'each entry must be an address, a CIDR range or loopback')));

/**
 * How one HTTP process faces the network, the same variables for every process (services, workers, gateway):
 * - HOST: the interface it listens on. Containers need every interface (the default); `npm start` binds the
 *   services and workers to 127.0.0.1, so only the gateway is reachable from other machines.
 * - TRUSTED_PROXIES: the addresses (or CIDR ranges) of the proxies in front of it whose X-Forwarded-For/-Proto
 *   are believed; none by default, so a client cannot choose its own address. The services list the gateway;
 *   the gateway lists a load balancer only when there is one (docs/decisions/0065-forwarded-headers.md).
 * - API_DOCS_ENABLED: serve the OpenAPI UI at /docs and /docs-json; on by default except in production.
 */
export const httpExposureEnvSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  TRUSTED_PROXIES: proxyList,
  API_DOCS_ENABLED: z.enum(['true', 'false']).optional(),
  NODE_ENV: z.string().optional(),
});

export interface HttpExposure {
  host: string;
  /** Empty: nobody's forwarding headers are believed (Express's `trust proxy` false). */
  trustedProxies: string[];
  apiDocs: boolean;
}

export function loadHttpExposure(env: Record<string, string | undefined> = process.env): HttpExposure {
  const parsed = loadEnv(httpExposureEnvSchema, env);
  return {
    host: parsed.HOST,
    trustedProxies: parsed.TRUSTED_PROXIES,
    apiDocs: parsed.API_DOCS_ENABLED ? parsed.API_DOCS_ENABLED === 'true' : parsed.NODE_ENV !== 'production',
  };
}

/** Express's `trust proxy` value for a list: false when empty (req.ip is the peer's address). */
export const trustProxySetting = (trustedProxies: string[]): string[] | false =>
  trustedProxies.length > 0 ? trustedProxies : false;
