import { createLogger, exitOnStartupError, startHttpApp } from '@rayworks/nest-kit';
import { AppModule } from './app.module.js';
import { loadAuthServiceEnv } from './config/env.js';

try {
  const env = loadAuthServiceEnv();
  // The client's address (rate limits, audit) is X-Forwarded-For as set by the gateway, believed only from the
  // addresses in TRUSTED_PROXIES (the kit's startHttpApp; docs/decisions/0065-forwarded-headers.md).
  await startHttpApp(AppModule, { service: 'auth', port: env.PORT, logger: createLogger('auth', env.LOG_LEVEL) });
} catch (error) {
  exitOnStartupError('auth', error);
}
