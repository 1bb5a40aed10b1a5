import type { ServiceDatabaseOptions } from '@rayworks/nest-kit';
import { EventTables1763712000000 } from './migrations/1763712000000-EventTables.js';
import { JobOutbox1795392000000 } from './migrations/1795392000000-JobOutbox.js';
import { DeadLetterTenant1795700000000 } from './migrations/1795700000000-DeadLetterTenant.js';
import { AuditLog1795700000001 } from './migrations/1795700000001-AuditLog.js';
import { Reports1796300000000 } from './migrations/1796300000000-Reports.js';
import { ReportOutput1796300002000 } from './migrations/1796300002000-ReportOutput.js';
import { ReportAddendumEntity, ReportEntity, ReportVersionEntity } from '../modules/reports/report.entity.js';

/** The reporting service's schema, entities and migrations, in order. */
export const database: ServiceDatabaseOptions = {
  schema: 'reporting',
  entities: [ReportEntity, ReportVersionEntity, ReportAddendumEntity],
  migrations: [
    EventTables1763712000000,
    JobOutbox1795392000000,
    DeadLetterTenant1795700000000,
    AuditLog1795700000001,
    Reports1796300000000,
    ReportOutput1796300002000,
  ],
};
