import { z } from 'zod';

/**
 * The viewer's variables, checked at boot: where browsers reach the console (PUBLIC_BASE_URL), so the Weasis link's
 * absolute DICOMweb address is the configured one, never built from a request's Host header, which a caller can
 * forge (docs/decisions/0220-weasis-link-from-the-public-url.md).
 */
export const viewerEnvSchema = z.object({
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
});
export type ViewerEnv = z.infer<typeof viewerEnvSchema>;
export const VIEWER_ENV = Symbol('CASES_VIEWER_ENV');

/** The console's origin without a trailing slash (the DICOMweb path is appended to it). */
export const publicOrigin = (env: ViewerEnv): string => env.PUBLIC_BASE_URL.replace(/\/+$/, '');
