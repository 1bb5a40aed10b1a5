import { exitOnStartupError, runMigrations } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';

const applied = await runMigrations('cases', database).catch((error) => exitOnStartupError('cases-migrate', error));
process.stdout.write(`[cases] migrations applied: ${applied.length === 0 ? 'none pending' : applied.join(', ')}\n`);
