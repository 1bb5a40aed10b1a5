import type { ServiceDatabaseOptions } from '@rayworks/nest-kit';
import { EventTables1763712000000 } from './migrations/1763712000000-EventTables.js';
import { JobOutbox1795392000000 } from './migrations/1795392000000-JobOutbox.js';
import { DeadLetterTenant1795700000000 } from './migrations/1795700000000-DeadLetterTenant.js';
import { AuditLog1795700000001 } from './migrations/1795700000001-AuditLog.js';
import { Reports1796300000000 } from './migrations/1796300000000-Reports.js';
import { ReportOutput1796300002000 } from './migrations/1796300002000-ReportOutput.js';
import { ReportAddendumEntity, ReportEntity, ReportVersionEntity } from '../modules/reports/report.entity.js';
import { ReportTemplates1796300001000 } from './migrations/1796300001000-ReportTemplates.js';
import { ReportLayouts1796300001001 } from './migrations/1796300001001-ReportLayouts.js';
import { ReportLayoutEntity } from '../modules/layouts/report-layout.entity.js';
import { ReportMacroEntity } from '../modules/templates/report-macro.entity.js';
import { ReportTemplateEntity } from '../modules/templates/report-template.entity.js';
import { CriticalResults1796300003000 } from './migrations/1796300003000-CriticalResults.js';
import { ReadModelMarks1796300003001 } from './migrations/1796300003001-ReadModelMarks.js';
import { CriticalSettingsPerCompany1796300003002 } from './migrations/1796300003002-CriticalSettingsPerCompany.js';
import { DeadLetterOperations1796700000000 } from './migrations/1796700000000-DeadLetterOperations.js';
import { CriticalAlertEntity, CriticalSettingsEntity } from '../modules/critical-results/critical-alert.entity.js';
import { DirectoryUserEntity } from '../modules/directory/directory-user.entity.js';
import { DirectoryCentreEntity } from '../modules/directory/directory-centre.entity.js';
import { DirectoryCentres1796800021400 } from './migrations/1796800021400-DirectoryCentres.js';
import { CentresReadModel1796900000000 } from './migrations/1796900000000-CentresReadModel.js';
import { LabCriticalAlerts1798300000000 } from './migrations/1798300000000-LabCriticalAlerts.js';
import { ReportDictations1798600000000 } from './migrations/1798600000000-ReportDictations.js';
import { DictationUploads1798700000000 } from './migrations/1798700000000-DictationUploads.js';

/** The reporting service's schema, entities and migrations, in order. */
export const database: ServiceDatabaseOptions = {
  schema: 'reporting',
  entities: [
    ReportEntity,
    ReportVersionEntity,
    ReportAddendumEntity,
    ReportTemplateEntity,
    ReportMacroEntity,
    ReportLayoutEntity,
    DirectoryUserEntity,
    DirectoryCentreEntity,
    CriticalAlertEntity,
    CriticalSettingsEntity,
  ],
  migrations: [
    EventTables1763712000000,
    JobOutbox1795392000000,
    DeadLetterTenant1795700000000,
    AuditLog1795700000001,
    Reports1796300000000,
    ReportTemplates1796300001000,
    ReportLayouts1796300001001,
    ReportOutput1796300002000,
    CriticalResults1796300003000,
    ReadModelMarks1796300003001,
    CriticalSettingsPerCompany1796300003002,
    DeadLetterOperations1796700000000,
    DirectoryCentres1796800021400,
    CentresReadModel1796900000000,
    LabCriticalAlerts1798300000000,
    ReportDictations1798600000000,
    DictationUploads1798700000000,
  ],
};
