import { Global, Module } from '@nestjs/common';
import { Mailer } from '@rayworks/nest-kit';
import { loadReportingEnv, REPORTING_ENV, type ReportingEnv } from './env.js';

/**
 * The reporting service's own variables (config/env.ts) and the kit Mailer (one SMTP transport per process), for
 * every module of both processes (delivery, critical results, the clients of cases and auth).
 */
@Global()
@Module({
  providers: [
    { provide: REPORTING_ENV, useFactory: () => loadReportingEnv() },
    {
      provide: Mailer,
      useFactory: (env: ReportingEnv) => new Mailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
      inject: [REPORTING_ENV],
    },
  ],
  exports: [REPORTING_ENV, Mailer],
})
export class ReportingConfigModule {}
