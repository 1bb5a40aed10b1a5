import { SERVICE_PORTS } from '@rayworks/contracts';
import { loadEnv } from '@rayworks/nest-kit';
import { z } from 'zod';

/** A service's address: a URL, its trailing slashes dropped (the client appends the routes' paths). */
const serviceUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/ })
    .default(fallback)
    .transform((url) => url.replace(/\/+$/, ''));

/**
 * The cases service's own variables, beside the kit's (libs/nest-kit/src/config/env.ts), checked at boot: a wrong
 * value stops the start with a message naming it (docs/decisions/0227-every-setting-at-boot.md).
 */
export const casesEnvSchema = z.object({
  /**
   * Where browsers reach the console: the Weasis link's absolute DICOMweb address is built from it, never from a
   * request's Host header, which a caller can forge (docs/decisions/0220-weasis-link-from-the-public-url.md).
   */
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  /** Where the imaging service answers: a case's study downloads start through its API (docs/decisions/0146). */
  SERVICE_URL_IMAGING: serviceUrl(`http://127.0.0.1:${SERVICE_PORTS.imaging}`),
  /** How often the marketplace's offer sweeper looks for due offers, seconds; 0 turns it off (decision 0151). */
  CASES_OFFER_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
});
export type CasesEnv = z.infer<typeof casesEnvSchema>;

export const CASES_ENV = Symbol('CASES_ENV');

export const loadCasesEnv = (env: Record<string, string | undefined> = process.env): CasesEnv =>
  loadEnv(casesEnvSchema, env);
