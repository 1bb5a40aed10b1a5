import { exitOnStartupError, runMigrations } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';

const applied = await runMigrations('auth', database).catch((error) => exitOnStartupError('auth-migrate', error));
process.stdout.write(`[auth] migrations applied: ${applied.length === 0 ? 'none pending' : applied.join(', ')}\n`);
