import { Global, Module } from '@nestjs/common';
import { BILLING_ENV, loadBillingEnv } from './env.js';

/** The billing service's own variables (config/env.ts), for every module of both processes. */
@Global()
@Module({
  providers: [{ provide: BILLING_ENV, useFactory: () => loadBillingEnv() }],
  exports: [BILLING_ENV],
})
export class BillingConfigModule {}
