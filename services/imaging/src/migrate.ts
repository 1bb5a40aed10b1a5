import { exitOnStartupError, runMigrations } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';

const applied = await runMigrations('imaging', database).catch((error) => exitOnStartupError('imaging-migrate', error));
process.stdout.write(`[imaging] migrations applied: ${applied.length === 0 ? 'none pending' : applied.join(', ')}\n`);
