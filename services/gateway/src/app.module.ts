import { Module } from '@nestjs/common';
import { createLogger, createRedis, HealthChecks, HealthController, LOGGER, Metrics, MetricsController, REDIS } from '@rayworks/nest-kit';
import { loadGatewayEnv } from './config/env.js';

export const GATEWAY = 'gateway';

/** The gateway's own endpoints: health (its checks include every service) and metrics. Proxying, the console and socket.io are mounted in main.ts. */
@Module({
  controllers: [HealthController, MetricsController],
  providers: [
    { provide: LOGGER, useFactory: () => createLogger(GATEWAY, loadGatewayEnv().LOG_LEVEL) },
    { provide: REDIS, useFactory: () => createRedis(loadGatewayEnv().REDIS_URL, GATEWAY) },
    { provide: HealthChecks, useFactory: () => new HealthChecks(GATEWAY) },
    { provide: Metrics, useFactory: () => new Metrics(GATEWAY) },
  ],
})
export class AppModule {}
