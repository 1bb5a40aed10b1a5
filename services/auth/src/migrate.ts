import { auditLogRevokeStatement, createDataSource, exitOnStartupError, runMigrations } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';

/**
 * Migrations, then the audit log's privileges: provisioning grants the runtime role UPDATE and DELETE on every table
 * of the schema at each run, so they are taken back from auth.audit_log here, every time (append-only).
 */
async function migrate(): Promise<string[]> {
  const applied = await runMigrations('auth', database);
  const owner = process.env.MIGRATION_DATABASE_URL!;
  const runtimeRole = decodeURIComponent(new URL(process.env.DATABASE_URL!).username);
  const ds = await createDataSource(owner, database, 'auth-migrate-grants').initialize();
  try {
    await ds.query(auditLogRevokeStatement('auth', runtimeRole));
  } finally {
    await ds.destroy();
  }
  return applied;
}

const applied = await migrate().catch((error) => exitOnStartupError('auth-migrate', error));
process.stdout.write(`[auth] migrations applied: ${applied.length === 0 ? 'none pending' : applied.join(', ')}\n`);
