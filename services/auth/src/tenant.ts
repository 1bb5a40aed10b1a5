import { readFileSync } from 'node:fs';
import { createDataSource, envVars, exitOnStartupError, loadEnv } from '@rayworks/nest-kit';
import { z } from 'zod';
import { database } from './database/data-source.js';
import { TenantProvisioner, type TenantSpec } from './modules/tenants/tenant-provisioner.js';

/**
 * The command-line wrapper of onboarding (docs/decisions/0085), idempotent, printing ids as JSON:
 * - `node services/auth/dist/tenant.js '<json>'` (or the JSON on stdin): a tenant from a TenantSpec — the company
 *   through CompanyOnboarding, the path of the platform operator's API, then the spec's groups, centres and users;
 * - `node services/auth/dist/tenant.js --platform-operator '<json>'`: a platform operator
 *   ({ loginName, firstName, lastName, email, password }), for tests and a first operator of a new installation;
 * - `node services/auth/dist/tenant.js --marketplace-radiologist '<json>'` (same fields): a marketplace radiologist of
 *   the platform (no company; docs/decisions/0147-marketplace-offers.md).
 * Companies are onboarded by platform operators through the API; tests and other services' tests use this.
 * DATABASE_URL is the auth service's runtime role.
 */
try {
  const env = loadEnv(z.object({ DATABASE_URL: envVars.DATABASE_URL }));
  const operatorMode = process.argv[2] === '--platform-operator';
  const marketplaceMode = process.argv[2] === '--marketplace-radiologist';
  const json = JSON.parse(process.argv[operatorMode || marketplaceMode ? 3 : 2] ?? readFileSync(0, 'utf8')) as unknown;
  const dataSource = await createDataSource(env.DATABASE_URL, database, 'auth-tenant-cli').initialize();
  try {
    const provisioner = new TenantProvisioner(dataSource);
    type PlatformUser = Parameters<TenantProvisioner['platformOperator']>[0];
    const out = marketplaceMode
      ? { userId: await provisioner.marketplaceRadiologist(json as PlatformUser) }
      : operatorMode
        ? { userId: await provisioner.platformOperator(json as Parameters<TenantProvisioner['platformOperator']>[0]) }
        : await provisioner.provision(json as TenantSpec);
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  exitOnStartupError('auth-tenant', error);
}
