import { exitOnStartupError, runMigrations } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';

// The kit takes UPDATE and DELETE on auth.audit_log back from the runtime role after every run (append-only).
const applied = await runMigrations('auth', database).catch((error) => exitOnStartupError('auth-migrate', error));
process.stdout.write(`[auth] migrations applied: ${applied.length === 0 ? 'none pending' : applied.join(', ')}\n`);
