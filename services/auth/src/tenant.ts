import { readFileSync } from 'node:fs';
import { createDataSource, envVars, exitOnStartupError, loadEnv } from '@rayworks/nest-kit';
import { z } from 'zod';
import { database } from './database/data-source.js';
import { TenantProvisioner, type TenantSpec } from './modules/tenants/tenant-provisioner.js';

/**
 * Provisions a tenant from a JSON spec (modules/tenants/tenant-provisioner.ts TenantSpec), idempotently, and prints
 * the ids as JSON: `node services/auth/dist/tenant.js '<json>'` (or the JSON on stdin). There is no API to create
 * companies; operators and other services' tests use this. DATABASE_URL is the auth service's runtime role.
 */
try {
  const env = loadEnv(z.object({ DATABASE_URL: envVars.DATABASE_URL }));
  const spec = JSON.parse(process.argv[2] ?? readFileSync(0, 'utf8')) as TenantSpec;
  const dataSource = await createDataSource(env.DATABASE_URL, database, 'auth-tenant-cli').initialize();
  try {
    process.stdout.write(`${JSON.stringify(await new TenantProvisioner(dataSource).provision(spec))}\n`);
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  exitOnStartupError('auth-tenant', error);
}
