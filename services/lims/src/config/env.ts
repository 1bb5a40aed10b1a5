import { SERVICE_PORTS } from '@rayworks/contracts';
import { loadEnv, mailEnvVars, printEnvVars } from '@rayworks/nest-kit';
import { z } from 'zod';

/**
 * The lims service's own variables (the API and the worker), beside the kit's (libs/nest-kit/src/config/env.ts),
 * checked at boot: a wrong value stops the start with a message naming it (docs/decisions/0227-every-setting-at-boot.md).
 */
export const limsEnvSchema = z.object({
  /** Mail (the kit Mailer): lab reports sent by e-mail (the worker). */
  ...mailEnvVars,
  /** The Chromium that prints the lab reports' PDFs (the worker; the kit's PdfPrinter, decision 0258). */
  ...printEnvVars,
  /** Lab report PDFs one worker prints at a time (one browser, a page per report). */
  LAB_REPORT_PDF_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Where browsers reach the console: the links in SMS (docs/decisions/0315). */
  PUBLIC_BASE_URL: z.url().default('http://localhost:8080'),
  /** How long a delivery waits for the PDF it sends to be stored before the attempt fails. */
  DELIVERY_PDF_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** Where the auth service answers: the signing pathologist's profile (name, qualification, signature). */
  SERVICE_URL_AUTH: z
    .url({ protocol: /^https?$/ })
    .default(`http://127.0.0.1:${SERVICE_PORTS.auth}`)
    .transform((url) => url.replace(/\/+$/, '')),
});
export type LimsEnv = z.infer<typeof limsEnvSchema>;

export const LIMS_ENV = Symbol('LIMS_ENV');

export const loadLimsEnv = (env: Record<string, string | undefined> = process.env): LimsEnv =>
  loadEnv(limsEnvSchema, env);
