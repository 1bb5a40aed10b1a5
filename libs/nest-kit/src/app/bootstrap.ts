import 'reflect-metadata';
import type { Server } from 'node:http';
import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Logger } from 'pino';
import { ConfigError, envVars, loadEnv, serviceEnvSchema } from '../config/env.js';
import { workerEnvSchema } from './worker-kit.module.js';
import { z } from 'zod';
import { createDataSource, type ServiceDatabaseOptions } from '../database/data-source.js';
import { provisionServiceDatabase } from '../database/provision.js';
import { auditLogRevokeStatement } from '../database/audit-log.js';
import { createLogger, PinoNestLogger } from '../logging/logger.js';
import { requestContextMiddleware } from '../logging/request-context.middleware.js';
import { Metrics } from '../metrics/metrics.js';
import { MetricsServer, metricsEnvSchema } from '../metrics/metrics-server.js';
import { httpTracingMiddleware, startTracing } from '../tracing/tracing.js';
import { serveOpenApi, writeOpenApi } from '../openapi/openapi.js';
import { loadHttpExposure, trustProxySetting } from './http-exposure.js';
import { contractBodyParser } from './body-limits.js';
import { responseCompression } from './response-compression.js';

/** Stops the process with a message that names what is wrong, instead of a stack trace, for bad config. */
export function exitOnStartupError(service: string, error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`[${service}] ${error.message}\n`);
  } else {
    process.stderr.write(
      `[${service}] failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
}

export interface HttpAppOptions {
  service: string;
  port: number;
  logger: Logger;
  /**
   * false for a process that streams bodies through untouched (the gateway); otherwise JSON and URL-encoded bodies
   * are read up to each route's limit from its contract (./body-limits.ts).
   */
  bodyParser?: boolean;
  /**
   * false for a process that forwards answers compressed elsewhere (the gateway, which compresses only what it serves
   * itself); otherwise every compressible answer is compressed when the client asks (./response-compression.ts).
   */
  compressResponses?: boolean;
  /** Called after the common middleware, before listening. */
  configure?: (app: INestApplication) => void | Promise<void>;
}

/**
 * Creates, configures and starts one Nest HTTP application: request and correlation ids, metrics (served on the
 * internal metrics port, docs/decisions/0090), its answers compressed when the caller asks (./response-compression.ts,
 * docs/decisions/0371), traces when an OTLP endpoint is configured (docs/decisions/0091), OpenAPI at /docs (unless
 * turned off), graceful shutdown on SIGTERM/SIGINT. Where it listens, whose forwarding
 * headers it believes and whether /docs is served come from HOST, TRUSTED_PROXIES and API_DOCS_ENABLED
 * (./http-exposure.ts).
 */
export async function startHttpApp(module: Type<unknown>, options: HttpAppOptions): Promise<INestApplication> {
  const exposure = loadHttpExposure();
  const metricsEnv = loadEnv(metricsEnvSchema);
  startTracing(options.service);
  const app = await NestFactory.create(module, {
    logger: new PinoNestLogger(options.logger),
    abortOnError: false,
    // Nest's parsers take 100 KiB on every route: the kit's take what each route's contract allows (below)
    bodyParser: false,
  });
  const express = app.getHttpAdapter().getInstance() as { set(name: string, value: unknown): void };
  express.set('trust proxy', trustProxySetting(exposure.trustedProxies));
  express.set('x-powered-by', false);
  app.use(requestContextMiddleware(options.logger));
  const metrics = app.get(Metrics);
  app.use(metrics.middleware());
  app.use(httpTracingMiddleware());
  if (options.compressResponses !== false) app.use(responseCompression());
  if (options.bodyParser !== false) app.use(contractBodyParser(options.service));
  app.enableShutdownHooks();
  await options.configure?.(app);
  if (exposure.apiDocs) serveOpenApi(app, options.service);
  await app.listen(options.port, exposure.host);
  options.logger.info(
    { port: options.port, host: exposure.host, trustedProxies: exposure.trustedProxies, apiDocs: exposure.apiDocs },
    `${options.service} listening`,
  );
  const metricsServer = new MetricsServer(
    metrics,
    { port: metricsEnv.METRICS_PORT, host: metricsEnv.METRICS_HOST, token: metricsEnv.METRICS_TOKEN },
    options.logger,
  );
  await metricsServer.start();
  (app.getHttpServer() as Server).once('close', () => void metricsServer.stop());
  return app;
}

/**
 * The entry point of a domain service (src/main.ts). The whole environment is checked first, so one
 * start names every missing or malformed variable.
 */
export async function runService(
  service: string,
  module: Type<unknown>,
  envSchema: z.ZodType<{ PORT: number; LOG_LEVEL: string }> = serviceEnvSchema,
): Promise<INestApplication> {
  try {
    const env = loadEnv(envSchema);
    return await startHttpApp(module, { service, port: env.PORT, logger: createLogger(service, env.LOG_LEVEL) });
  } catch (error) {
    exitOnStartupError(service, error);
  }
}

/**
 * The migration entry point of a service (src/migrate.ts): as the owner role, prepares the schema and the
 * service's runtime role, then runs pending migrations, each in its own transaction.
 */
export async function runMigrations(service: string, database: ServiceDatabaseOptions): Promise<string[]> {
  const env = loadEnv(
    z.object({ DATABASE_URL: envVars.DATABASE_URL, MIGRATION_DATABASE_URL: envVars.MIGRATION_DATABASE_URL }),
  );
  await provisionServiceDatabase(env.MIGRATION_DATABASE_URL, env.DATABASE_URL, database.schema);
  const dataSource = await createDataSource(env.MIGRATION_DATABASE_URL, database, `${service}-migrate`).initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    // Provisioning grants the runtime role UPDATE/DELETE on every table at each run: the audit log is append-only.
    const [{ audit }] = (await dataSource.query(`SELECT to_regclass($1) IS NOT NULL AS audit`, [
      `${database.schema}.audit_log`,
    ])) as [{ audit: boolean }];
    if (audit)
      await dataSource.query(
        auditLogRevokeStatement(database.schema, decodeURIComponent(new URL(env.DATABASE_URL).username)),
      );
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}

/** Writes services/<name>/openapi.json from the controllers, without connecting to anything. */
export async function generateOpenApi(service: string, module: Type<unknown>, path: string): Promise<void> {
  const app = await NestFactory.create(module, { preview: true, logger: false });
  writeOpenApi(app, service, path);
  await app.close();
}

/** The entry point of a worker process (src/worker.ts): processors plus health and metrics on its port. */
export async function runWorker(service: string, module: Type<unknown>): Promise<INestApplication> {
  return runService(`${service}-worker`, module, workerEnvSchema);
}
