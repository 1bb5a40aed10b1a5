import { Global, Module } from '@nestjs/common';
import { IMAGING_ENV, loadImagingEnv } from './env.js';

/** The imaging service's own variables (config/env.ts), for every module of both processes. */
@Global()
@Module({
  providers: [{ provide: IMAGING_ENV, useFactory: () => loadImagingEnv() }],
  exports: [IMAGING_ENV],
})
export class ImagingConfigModule {}
