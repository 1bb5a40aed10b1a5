import { Global, Module } from '@nestjs/common';
import { CASES_ENV, loadCasesEnv } from './env.js';

/** The cases service's own variables (config/env.ts), for every module. */
@Global()
@Module({
  providers: [{ provide: CASES_ENV, useFactory: () => loadCasesEnv() }],
  exports: [CASES_ENV],
})
export class CasesConfigModule {}
