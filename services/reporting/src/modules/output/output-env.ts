import { Global, Module } from '@nestjs/common';
import { loadEnv, Mailer, mailEnvVars } from '@rayworks/nest-kit';
import { z } from 'zod';

/**
 * Reporting's output variables (both processes): mail (the kit Mailer: SMTP_URL, MAIL_FROM), where the console is
 * reached (links in SMS), the Chromium that prints PDFs and how many pages it prints at once.
 */
export const outputEnvSchema = z.object({
  ...mailEnvVars,
  PUBLIC_BASE_URL: z.url().default('http://localhost:8080'),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** PDFs one worker prints at a time (one browser, a page per job). */
  REPORT_PDF_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** How long the delivery waits for the PDF it sends to be stored before the attempt fails. */
  DELIVERY_PDF_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
});
export type OutputEnv = z.infer<typeof outputEnvSchema>;
export const OUTPUT_ENV = Symbol('REPORTING_OUTPUT_ENV');

/**
 * The output variables and the kit Mailer (one SMTP transport per process), for every reporting module (delivery,
 * critical results).
 */
@Global()
@Module({
  providers: [
    { provide: OUTPUT_ENV, useFactory: () => loadEnv(outputEnvSchema, process.env) },
    {
      provide: Mailer,
      useFactory: (env: OutputEnv) => new Mailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
      inject: [OUTPUT_ENV],
    },
  ],
  exports: [OUTPUT_ENV, Mailer],
})
export class OutputConfigModule {}
