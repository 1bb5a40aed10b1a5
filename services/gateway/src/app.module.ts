import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, Reflector } from '@nestjs/core';
import {
  ApiExceptionFilter,
  AuthGuard,
  createLogger,
  createRedis,
  HealthChecks,
  HealthController,
  LOGGER,
  Metrics,
  REDIS,
  TracingShutdown,
} from '@rayworks/nest-kit';
import { loadGatewayEnv } from './config/env.js';

export const GATEWAY = 'gateway';

/**
 * The gateway's own endpoints: health (its checks include every service). Its metrics are served on its internal
 * metrics port, never on the public one (docs/decisions/0090). Proxying, the console and socket.io are mounted in
 * main.ts.
 */
@Module({
  controllers: [HealthController],
  providers: [
    { provide: LOGGER, useFactory: () => createLogger(GATEWAY, loadGatewayEnv().LOG_LEVEL) },
    { provide: REDIS, useFactory: () => createRedis(loadGatewayEnv().REDIS_URL, GATEWAY) },
    { provide: HealthChecks, useFactory: () => new HealthChecks(GATEWAY) },
    { provide: Metrics, useFactory: () => new Metrics(GATEWAY) },
    TracingShutdown,
    // Default deny for the gateway's own routes (only @Public health); /api/* is proxied and each
    // service verifies its callers itself.
    { provide: APP_GUARD, useFactory: (reflector: Reflector) => new AuthGuard(reflector, null), inject: [Reflector] },
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
  ],
})
export class AppModule {}
