import type { ServiceDatabaseOptions } from '@rayworks/nest-kit';
import { EventTables1763712000000 } from './migrations/1763712000000-EventTables.js';
import { JobOutbox1795392000000 } from './migrations/1795392000000-JobOutbox.js';
import { DeadLetterTenant1795700000000 } from './migrations/1795700000000-DeadLetterTenant.js';
import { AuditLog1795700000001 } from './migrations/1795700000001-AuditLog.js';
import { QidoIndexes1796000003000 } from './migrations/1796000003000-QidoIndexes.js';
import { PatientNameSearch1796000003001 } from './migrations/1796000003001-PatientNameSearch.js';
import { ArchiveIndex1796000000000 } from './migrations/1796000000000-ArchiveIndex.js';
import { Imports1796000001000 } from './migrations/1796000001000-Imports.js';
import { Downloads1796000002000 } from './migrations/1796000002000-Downloads.js';
import { IngestRules1796800020300 } from './migrations/1796800020300-IngestRules.js';
import { CentresReadModel1796900000000 } from './migrations/1796900000000-CentresReadModel.js';
import { DeadLetterOperations1796700000000 } from './migrations/1796700000000-DeadLetterOperations.js';
import { DownloadEntity } from '../modules/downloads/download.entity.js';
import { ImportEntity } from '../modules/imports/import.entity.js';
import { InstanceEntity } from '../modules/studies/entities/instance.entity.js';
import { SeriesEntity } from '../modules/studies/entities/series.entity.js';
import { StudyEntity } from '../modules/studies/entities/study.entity.js';

/** The imaging service's schema, entities and migrations, in order. */
export const database: ServiceDatabaseOptions = {
  schema: 'imaging',
  entities: [StudyEntity, SeriesEntity, InstanceEntity, ImportEntity, DownloadEntity],
  migrations: [
    EventTables1763712000000,
    JobOutbox1795392000000,
    DeadLetterTenant1795700000000,
    AuditLog1795700000001,
    ArchiveIndex1796000000000,
    Imports1796000001000,
    Downloads1796000002000,
    QidoIndexes1796000003000,
    PatientNameSearch1796000003001,
    DeadLetterOperations1796700000000,
    IngestRules1796800020300,
    CentresReadModel1796900000000,
  ],
};
