import { Global, Module } from '@nestjs/common';
import { AUTH_SERVICE_ENV, loadAuthServiceEnv } from './env.js';

/** The auth service's own variables (config/env.ts), for every module. */
@Global()
@Module({
  providers: [{ provide: AUTH_SERVICE_ENV, useFactory: () => loadAuthServiceEnv() }],
  exports: [AUTH_SERVICE_ENV],
})
export class AuthConfigModule {}
