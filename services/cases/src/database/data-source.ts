import type { ServiceDatabaseOptions } from '@rayworks/nest-kit';
import { EventTables1763712000000 } from './migrations/1763712000000-EventTables.js';
import { JobOutbox1795392000000 } from './migrations/1795392000000-JobOutbox.js';
import { DeadLetterTenant1795700000000 } from './migrations/1795700000000-DeadLetterTenant.js';
import { AuditLog1795700000001 } from './migrations/1795700000001-AuditLog.js';
import { Cases1796100000000 } from './migrations/1796100000000-Cases.js';
import { CaseDirectory1796100001000 } from './migrations/1796100001000-CaseDirectory.js';
import { CaseCounts1796100001001 } from './migrations/1796100001001-CaseCounts.js';
import { Marketplace1796100004000 } from './migrations/1796100004000-Marketplace.js';
import { Fusion1796100004001 } from './migrations/1796100004001-Fusion.js';
import { CaseAuditIndex1796100005000 } from './migrations/1796100005000-CaseAuditIndex.js';
import { CaseChatReach1796100004002 } from './migrations/1796100004002-CaseChatReach.js';
import { ReadModelMarks1796100006000 } from './migrations/1796100006000-ReadModelMarks.js';
import { Collaboration1796100003000 } from './migrations/1796100003000-Collaboration.js';
import { ViewerAnnotations1796200000000 } from './migrations/1796200000000-ViewerAnnotations.js';
import { WorklistSearchIndex1796400000001 } from './migrations/1796400000001-WorklistSearchIndex.js';
import { MarketplaceReachIndex1796400000002 } from './migrations/1796400000002-MarketplaceReachIndex.js';
import { TabDueIndex1796400000003 } from './migrations/1796400000003-TabDueIndex.js';
import { StatisticsCoveringIndexes1796400000004 } from './migrations/1796400000004-StatisticsCoveringIndexes.js';
import { CaseCountsIndexes1796400000005 } from './migrations/1796400000005-CaseCountsIndexes.js';
import { RadiologistIndexes1796400000006 } from './migrations/1796400000006-RadiologistIndexes.js';
import { PatientHistoryCentre1796500000000 } from './migrations/1796500000000-PatientHistoryCentre.js';
import { DeadLetterOperations1796700000000 } from './migrations/1796700000000-DeadLetterOperations.js';
import { PlatformDirectoryUsers1796700000001 } from './migrations/1796700000001-PlatformDirectoryUsers.js';
import { RegistrationCases1797100000000 } from './migrations/1797100000000-RegistrationCases.js';
import { CaseReferrer1797300000000 } from './migrations/1797300000000-CaseReferrer.js';
import { HangingProtocols1797400000000 } from './migrations/1797400000000-HangingProtocols.js';
import { CaseEntity } from '../modules/cases/case.entity.js';
import { DirectoryCentreEntity } from '../modules/directory/directory-centre.entity.js';
import { DirectoryUserEntity } from '../modules/directory/directory-user.entity.js';
import { CentreSettingEntity } from '../modules/settings/centre-setting.entity.js';
import { CaseCommentEntity } from '../modules/collaboration/chat/case-comment.entity.js';
import { WorklistColumnsEntity } from '../modules/collaboration/columns/worklist-columns.entity.js';
import { PatientHistoryEntity } from '../modules/collaboration/history/patient-history.entity.js';
import { CaseRatingEntity } from '../modules/collaboration/ratings/case-rating.entity.js';
import { CaseShareEntity } from '../modules/collaboration/sharing/case-share.entity.js';
import { ViewerAnnotationEntity } from '../modules/viewer/viewer-annotation.entity.js';
import { BillingPatientEntity } from '../modules/front-desk/billing-patient.entity.js';
import { HangingProtocolEntity } from '../modules/hanging-protocols/hanging-protocol.entity.js';

/** The cases service's schema, entities and migrations, in order. */
export const database: ServiceDatabaseOptions = {
  schema: 'cases',
  entities: [
    CaseEntity,
    DirectoryUserEntity,
    DirectoryCentreEntity,
    CentreSettingEntity,
    PatientHistoryEntity,
    CaseCommentEntity,
    CaseRatingEntity,
    CaseShareEntity,
    WorklistColumnsEntity,
    ViewerAnnotationEntity,
    BillingPatientEntity,
    HangingProtocolEntity,
  ],
  migrations: [
    EventTables1763712000000,
    JobOutbox1795392000000,
    DeadLetterTenant1795700000000,
    AuditLog1795700000001,
    Cases1796100000000,
    CaseDirectory1796100001000,
    CaseCounts1796100001001,
    Collaboration1796100003000,
    Marketplace1796100004000,
    Fusion1796100004001,
    CaseChatReach1796100004002,
    CaseAuditIndex1796100005000,
    ReadModelMarks1796100006000,
    ViewerAnnotations1796200000000,
    WorklistSearchIndex1796400000001,
    MarketplaceReachIndex1796400000002,
    TabDueIndex1796400000003,
    StatisticsCoveringIndexes1796400000004,
    CaseCountsIndexes1796400000005,
    RadiologistIndexes1796400000006,
    PatientHistoryCentre1796500000000,
    DeadLetterOperations1796700000000,
    PlatformDirectoryUsers1796700000001,
    RegistrationCases1797100000000,
    CaseReferrer1797300000000,
    HangingProtocols1797400000000,
  ],
};
