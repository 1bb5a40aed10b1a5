import { createDataSource, exitOnStartupError, loadEnv, envVars } from '@rayworks/nest-kit';
import { z } from 'zod';
import { database } from './database/data-source.js';
import {
  DEMO_MARKETPLACE_RADIOLOGIST,
  DEMO_PASSWORD,
  DEMO_PLATFORM_OPERATOR,
  DEMO_TENANT,
  demoLoginTable,
} from './modules/tenants/demo-tenant.js';
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
      const provisioner = new TenantProvisioner(dataSource);
      const tenant = await provisioner.provision(DEMO_TENANT);
      process.stdout.write(
        `[auth] demo tenant "${DEMO_TENANT.company.name}" ready: ${Object.keys(tenant.users).length} users, ${Object.keys(tenant.centres).length} centres\n`,
      );
      const operator = await provisioner.platformOperator({ ...DEMO_PLATFORM_OPERATOR, password: DEMO_PASSWORD });
      process.stdout.write(`[auth] platform operator "${DEMO_PLATFORM_OPERATOR.loginName}" ready (${operator})\n`);
      const reader = await provisioner.marketplaceRadiologist({
        ...DEMO_MARKETPLACE_RADIOLOGIST,
        password: DEMO_PASSWORD,
      });
      process.stdout.write(
        `[auth] marketplace radiologist "${DEMO_MARKETPLACE_RADIOLOGIST.loginName}" ready (${reader})\n`,
      );
    } finally {
      await dataSource.destroy();
    }
  } catch (error) {
    exitOnStartupError('auth-seed', error);
  }
}
