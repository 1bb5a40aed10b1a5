import { createDataSource, exitOnStartupError, loadEnv, envVars } from '@rayworks/nest-kit';
import { z } from 'zod';
import { database } from './database/data-source.js';
import { DEMO_TENANT, demoLoginTable } from './modules/tenants/demo-tenant.js';
import { TenantProvisioner } from './modules/tenants/tenant-provisioner.js';

/**
 * The demo tenant (npm start runs this after the migrations; tests make their own tenants): idempotent, so a second
 * run adds only what is missing and changes nothing that exists. `--table` prints the demo logins and exits.
 */
if (process.argv.includes('--table')) {
  process.stdout.write(`${demoLoginTable()}\n`);
} else {
  try {
    const env = loadEnv(z.object({ DATABASE_URL: envVars.DATABASE_URL }));
    const dataSource = await createDataSource(env.DATABASE_URL, database, 'auth-seed').initialize();
    try {
      const tenant = await new TenantProvisioner(dataSource).provision(DEMO_TENANT);
      process.stdout.write(
        `[auth] demo tenant "${DEMO_TENANT.company.name}" ready: ${Object.keys(tenant.users).length} users, ${Object.keys(tenant.centres).length} centres\n`,
      );
    } finally {
      await dataSource.destroy();
    }
  } catch (error) {
    exitOnStartupError('auth-seed', error);
  }
}
