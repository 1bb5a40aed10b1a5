import type { ServiceDatabaseOptions } from '@rayworks/nest-kit';
import { EventTables1763712000000 } from './migrations/1763712000000-EventTables.js';
import { JobOutbox1795392000000 } from './migrations/1795392000000-JobOutbox.js';
import { DeadLetterTenant1795700000000 } from './migrations/1795700000000-DeadLetterTenant.js';
import { AuditLog1795700000001 } from './migrations/1795700000001-AuditLog.js';
import { DeadLetterOperations1796700000000 } from './migrations/1796700000000-DeadLetterOperations.js';
import { LabTests1798000000000 } from './migrations/1798000000000-LabTests.js';
import { Samples1798100000000 } from './migrations/1798100000000-Samples.js';
import { Analyzers1798200000000 } from './migrations/1798200000000-Analyzers.js';
import { LabResults1798300000000 } from './migrations/1798300000000-LabResults.js';
import { Outsourcing1798400000001 } from './migrations/1798400000001-Outsourcing.js';
import { LabReports1798460000000 } from './migrations/1798460000000-LabReports.js';
import { CentreLayouts1798460000001 } from './migrations/1798460000001-CentreLayouts.js';
import { LabReportSms1798470000000 } from './migrations/1798470000000-LabReportSms.js';
import { AnalyzerChangeNotify1798480000000 } from './migrations/1798480000000-AnalyzerChangeNotify.js';
import { AnalyzerCentres1798490000000 } from './migrations/1798490000000-AnalyzerCentres.js';
import { LabUsers1798490000001 } from './migrations/1798490000001-LabUsers.js';
import { SampleTimeZone1798490000002 } from './migrations/1798490000002-SampleTimeZone.js';
import { LabTestVersionEntity } from '../modules/catalogue/lab-test-version.entity.js';
import { LabTestEntity } from '../modules/catalogue/lab-test.entity.js';
import { AnalyzerResultEntity } from '../modules/analyzers/analyzer-result.entity.js';
import { AnalyzerEntity } from '../modules/analyzers/analyzer.entity.js';
import { OutsourcingLabEntity } from '../modules/outsourcing/outsourcing-lab.entity.js';
import { LabOrderEntity } from '../modules/samples/lab-order.entity.js';
import { SampleEntity } from '../modules/samples/sample.entity.js';

/** The lims service's schema, entities and migrations, in order. */
export const database: ServiceDatabaseOptions = {
  schema: 'lims',
  entities: [
    LabTestEntity,
    LabTestVersionEntity,
    SampleEntity,
    LabOrderEntity,
    AnalyzerEntity,
    AnalyzerResultEntity,
    OutsourcingLabEntity,
  ],
  migrations: [
    EventTables1763712000000,
    JobOutbox1795392000000,
    DeadLetterTenant1795700000000,
    AuditLog1795700000001,
    DeadLetterOperations1796700000000,
    LabTests1798000000000,
    Samples1798100000000,
    Analyzers1798200000000,
    LabResults1798300000000,
    Outsourcing1798400000001,
    LabReports1798460000000,
    CentreLayouts1798460000001,
    LabReportSms1798470000000,
    AnalyzerChangeNotify1798480000000,
    AnalyzerCentres1798490000000,
    LabUsers1798490000001,
    SampleTimeZone1798490000002,
  ],
};
