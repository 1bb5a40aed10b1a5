import { ConfigError, createLogger, exitOnStartupError, readSigningKeySet, startHttpApp } from '@rayworks/nest-kit';
import { AppModule } from './app.module.js';
import { loadAuthServiceEnv } from './config/env.js';

try {
  // the variables and the private keys of the access tokens, checked before anything starts, every problem at once
  const problems: string[] = [];
  const collect = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
      return undefined;
    }
  };
  const loaded = collect(() => loadAuthServiceEnv());
  collect(() => readSigningKeySet());
  if (!loaded || problems.length > 0) throw new ConfigError(problems);
  const env = loaded;
  // The client's address (rate limits, audit) is X-Forwarded-For as set by the gateway, believed only from the
  // addresses in TRUSTED_PROXIES (the kit's startHttpApp; docs/decisions/0065-forwarded-headers.md).
  await startHttpApp(AppModule, { service: 'auth', port: env.PORT, logger: createLogger('auth', env.LOG_LEVEL) });
} catch (error) {
  exitOnStartupError('auth', error);
}
