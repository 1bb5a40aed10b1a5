import { Global, Module } from '@nestjs/common';
import { Mailer } from '@rayworks/nest-kit';
import { LIMS_ENV, loadLimsEnv, type LimsEnv } from './env.js';

/**
 * The lims service's own variables (config/env.ts) and the kit Mailer (one SMTP transport per process), for every
 * module of the API and the worker (the signer's profile, lab report printing and delivery).
 */
@Global()
@Module({
  providers: [
    { provide: LIMS_ENV, useFactory: () => loadLimsEnv() },
    {
      provide: Mailer,
      useFactory: (env: LimsEnv) => new Mailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
      inject: [LIMS_ENV],
    },
  ],
  exports: [LIMS_ENV, Mailer],
})
export class LimsConfigModule {}
