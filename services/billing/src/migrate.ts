import { exitOnStartupError, runMigrations } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';

const applied = await runMigrations('billing', database).catch((error) => exitOnStartupError('billing-migrate', error));
process.stdout.write(`[billing] migrations applied: ${applied.length === 0 ? 'none pending' : applied.join(', ')}\n`);
