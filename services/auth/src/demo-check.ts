import { readFileSync, writeFileSync } from 'node:fs';
import { createDataSource, envVars, exitOnStartupError, loadEnv } from '@rayworks/nest-kit';
import { z } from 'zod';
import { database } from './database/data-source.js';
import { demoDifferences, type DemoFingerprint } from './modules/tenants/demo-fingerprint.js';
import { readDemoFingerprint } from './modules/tenants/demo-fingerprint.repository.js';
import { DEMO_TENANT } from './modules/tenants/demo-tenant.js';

/**
 * npm test's check that no test wrote into the demo tenant (scripts/test.sh, docs/decisions/0046):
 *   node services/auth/dist/demo-check.js record <file>   after the seed, before the tests: the fingerprint
 *   node services/auth/dist/demo-check.js compare <file>  after the tests: exits 1, naming every difference, when the
 *                                                        demo tenant is not exactly its seed or a table changed
 * DATABASE_URL is the owner URL (it reads every service's schema; row-level security applies to it too).
 */
try {
  const [mode, file] = process.argv.slice(2);
  if ((mode !== 'record' && mode !== 'compare') || !file) throw new Error('usage: demo-check.js record|compare <file>');
  const env = loadEnv(z.object({ DATABASE_URL: envVars.DATABASE_URL }));
  const dataSource = await createDataSource(env.DATABASE_URL, database, 'auth-demo-check').initialize();
  try {
    const now = await dataSource.transaction(readDemoFingerprint);
    if (mode === 'record') {
      writeFileSync(file, `${JSON.stringify(now, null, 2)}\n`);
      process.stdout.write(`[demo-check] recorded the demo tenant: ${JSON.stringify(now.rows)}\n`);
    } else {
      const before = JSON.parse(readFileSync(file, 'utf8')) as DemoFingerprint;
      const differences = demoDifferences(DEMO_TENANT, before, now);
      if (differences.length) {
        process.stdout.write(
          `[demo-check] the demo tenant "${DEMO_TENANT.company.name}" is not exactly its seed:\n${differences.map((d) => `  - ${d}`).join('\n')}\n`,
        );
        process.exitCode = 1;
      } else {
        process.stdout.write(`[demo-check] the demo tenant holds exactly its seed: ${JSON.stringify(now.rows)}\n`);
      }
    }
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  exitOnStartupError('auth-demo-check', error);
}
