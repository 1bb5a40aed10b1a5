import { exitOnStartupError, runMigrations } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';

const applied = await runMigrations('reporting', database).catch((error) =>
  exitOnStartupError('reporting-migrate', error),
);
process.stdout.write(`[reporting] migrations applied: ${applied.length === 0 ? 'none pending' : applied.join(', ')}\n`);
