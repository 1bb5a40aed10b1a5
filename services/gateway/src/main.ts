import { hostname } from 'node:os';
import type { Server } from 'node:http';
import {
  createAuthenticator,
  createLogger,
  exitOnStartupError,
  HealthChecks,
  REDIS,
  responseCompression,
  startHttpApp,
  verifierTokenKeys,
} from '@rayworks/nest-kit';
import type { Redis } from 'ioredis';
import { AppModule, GATEWAY } from './app.module.js';
import { loadGatewayEnv } from './config/env.js';
import { mountConsole } from './modules/console/console-static.js';
import { registerGatewayChecks } from './modules/health/gateway-health.js';
import { mountServiceProxies } from './modules/proxy/service-proxy.js';
import { attachRealtime } from './modules/realtime/realtime.server.js';
import { mountDicomwebCors } from './modules/security/dicomweb-cors.js';
import { mountSecurityHeaders } from './modules/security/security-headers.js';

try {
  const env = loadGatewayEnv();
  const logger = createLogger(GATEWAY, env.LOG_LEVEL);
  await startHttpApp(AppModule, {
    service: GATEWAY,
    port: env.PORT,
    logger,
    // Bodies stream through to the services untouched, and the services' answers back, compressed by each service
    // (docs/decisions/0371-services-compress-their-answers.md).
    bodyParser: false,
    compressResponses: false,
    configure: (app) => {
      const redis = app.get<Redis>(REDIS);
      registerGatewayChecks(app.get(HealthChecks), redis, env.serviceUpstreams, env.WEB_DIST_DIR);
      mountSecurityHeaders(app, { storageOrigins: env.storageOrigins });
      mountDicomwebCors(app, env.dicomwebCorsOrigins);
      mountServiceProxies(app, env.serviceUpstreams, logger);
      // what the gateway serves itself (the console) is compressed here; /api answers come compressed by the services
      app.use(responseCompression());
      // verifies with the auth service's public keys, like every service (docs/decisions/0060)
      const authenticator = createAuthenticator(env.auth, redis, verifierTokenKeys(env.auth.AUTH_JWKS_URL));
      const realtime = attachRealtime(
        app.getHttpServer() as Server,
        redis,
        logger,
        `${hostname()}:${process.pid}`,
        authenticator,
        env.REALTIME_SESSION_SWEEP_SECONDS,
      );
      process.once('SIGTERM', () => void realtime.close());
      mountConsole(app, env.WEB_DIST_DIR);
    },
  });
} catch (error) {
  exitOnStartupError(GATEWAY, error);
}
