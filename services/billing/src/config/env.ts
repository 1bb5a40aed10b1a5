import { loadEnv, printEnvVars } from '@rayworks/nest-kit';
import { z } from 'zod';

/**
 * The billing service's own variables (both processes), beside the kit's (libs/nest-kit/src/config/env.ts), checked
 * at boot: a wrong value stops the start with a message naming it (docs/decisions/0227-every-setting-at-boot.md).
 */
export const billingEnvSchema = z.object({
  /** The Chromium that prints invoices and receipts (the worker; the kit's PdfPrinter, decision 0258). */
  ...printEnvVars,
  /** Invoice and receipt PDFs one worker prints at a time (one browser, a page per document). */
  DOCUMENT_PDF_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
});
export type BillingEnv = z.infer<typeof billingEnvSchema>;

export const BILLING_ENV = Symbol('BILLING_ENV');

export const loadBillingEnv = (env: Record<string, string | undefined> = process.env): BillingEnv =>
  loadEnv(billingEnvSchema, env);
