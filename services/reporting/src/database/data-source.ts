import type { ServiceDatabaseOptions } from '@rayworks/nest-kit';
import { EventTables1763712000000 } from './migrations/1763712000000-EventTables.js';
import { JobOutbox1795392000000 } from './migrations/1795392000000-JobOutbox.js';
import { DeadLetterTenant1795700000000 } from './migrations/1795700000000-DeadLetterTenant.js';
import { AuditLog1795700000001 } from './migrations/1795700000001-AuditLog.js';
import { CriticalResults1796300003000 } from './migrations/1796300003000-CriticalResults.js';
import { CriticalAlertEntity, CriticalSettingsEntity } from '../modules/critical-results/critical-alert.entity.js';
import { DirectoryUserEntity } from '../modules/directory/directory-user.entity.js';

/** The reporting service's schema, entities and migrations, in order. */
export const database: ServiceDatabaseOptions = {
  schema: 'reporting',
  entities: [DirectoryUserEntity, CriticalAlertEntity, CriticalSettingsEntity],
  migrations: [
    EventTables1763712000000,
    JobOutbox1795392000000,
    DeadLetterTenant1795700000000,
    AuditLog1795700000001,
    CriticalResults1796300003000,
  ],
};
