import { CRITICAL_ESCALATION_MINUTES, SERVICE_PORTS } from '@rayworks/contracts';
import { loadEnv, mailEnvVars, printEnvVars } from '@rayworks/nest-kit';
import { z } from 'zod';

/** A service's address: a URL, its trailing slashes dropped (the client appends the routes' paths). */
const serviceUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/ })
    .default(fallback)
    .transform((url) => url.replace(/\/+$/, ''));

/**
 * The reporting service's own variables (both processes), beside the kit's (libs/nest-kit/src/config/env.ts),
 * checked at boot: a wrong value stops the start with a message naming it (docs/decisions/0227-every-setting-at-boot.md).
 */
export const reportingEnvSchema = z.object({
  /** Mail (the kit Mailer): report deliveries and critical-result e-mails. */
  ...mailEnvVars,
  /** Where browsers reach the console: the links in SMS. */
  PUBLIC_BASE_URL: z.url().default('http://localhost:8080'),
  /** The Chromium that prints the reports' PDFs (the worker; the kit's PdfPrinter). */
  ...printEnvVars,
  /** PDFs one worker prints at a time (one browser, a page per job). */
  REPORT_PDF_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** How long the delivery waits for the PDF it sends to be stored before the attempt fails. */
  DELIVERY_PDF_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** Where the cases service answers: every call about a case asks it first, with the caller's credentials. */
  SERVICE_URL_CASES: serviceUrl(`http://127.0.0.1:${SERVICE_PORTS.cases}`),
  /** Where the auth service answers: the signer's profile (name, qualification, signature) at finalize. */
  SERVICE_URL_AUTH: serviceUrl(`http://127.0.0.1:${SERVICE_PORTS.auth}`),
  /** The escalation time of a critical result in a centre without its own setting, minutes (decision 0188). */
  CRITICAL_ESCALATE_AFTER_MINUTES: z.coerce
    .number()
    .min(CRITICAL_ESCALATION_MINUTES.min)
    .max(CRITICAL_ESCALATION_MINUTES.max)
    .default(CRITICAL_ESCALATION_MINUTES.default),
  /**
   * How long a dictation upload may stay unattached before the sweeper deletes it, hours (docs/decisions/0377): far
   * past the upload URL's 15 minutes and a day's interrupted work, so no live recording is ever taken.
   */
  DICTATION_UNATTACHED_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** How often the API process sweeps unattached dictation uploads, seconds; 0 turns the sweeper off. */
  DICTATION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
});
export type ReportingEnv = z.infer<typeof reportingEnvSchema>;

export const REPORTING_ENV = Symbol('REPORTING_ENV');

export const loadReportingEnv = (env: Record<string, string | undefined> = process.env): ReportingEnv =>
  loadEnv(reportingEnvSchema, env);
