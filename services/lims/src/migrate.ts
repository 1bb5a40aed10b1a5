import { exitOnStartupError, runMigrations } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';

const applied = await runMigrations('lims', database).catch((error) => exitOnStartupError('lims-migrate', error));
process.stdout.write(`[lims] migrations applied: ${applied.length === 0 ? 'none pending' : applied.join(', ')}\n`);
