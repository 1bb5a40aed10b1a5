import { createLogger, exitOnStartupError, startHttpApp } from '@rayworks/nest-kit';
import { AppModule } from './app.module.js';
import { loadAuthServiceEnv } from './config/env.js';

try {
  const env = loadAuthServiceEnv();
  await startHttpApp(AppModule, {
    service: 'auth',
    port: env.PORT,
    logger: createLogger('auth', env.LOG_LEVEL),
    configure: (app) => {
      // The client's address (rate limits, audit) is X-Forwarded-For as set by the gateway, one hop.
      (app.getHttpAdapter().getInstance() as { set(name: string, value: unknown): void }).set(
        'trust proxy',
        env.TRUST_PROXY_HOPS,
      );
    },
  });
} catch (error) {
  exitOnStartupError('auth', error);
}
