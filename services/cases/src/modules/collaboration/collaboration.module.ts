import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { CaseCommentsController } from './chat/case-comments.controller.js';
import { CaseCommentsRepository } from './chat/case-comments.repository.js';
import { CaseCommentsService } from './chat/case-comments.service.js';
import { WorklistColumnsController } from './columns/worklist-columns.controller.js';
import { WorklistColumnsRepository } from './columns/worklist-columns.repository.js';
import { WorklistColumnsService } from './columns/worklist-columns.service.js';
import { CaseDownloadsController } from './downloads/case-downloads.controller.js';
import { CaseDownloadsService } from './downloads/case-downloads.service.js';
import { ImagingClient } from './downloads/imaging.client.js';
import { CaseExportController } from './export/case-export.controller.js';
import { CaseExportService } from './export/case-export.service.js';
import { PatientHistoryController } from './history/patient-history.controller.js';
import { PatientHistoryRepository } from './history/patient-history.repository.js';
import { PatientHistoryService } from './history/patient-history.service.js';
import { CaseRatingsController } from './ratings/case-ratings.controller.js';
import { CaseRatingsRepository } from './ratings/case-ratings.repository.js';
import { CaseRatingsService } from './ratings/case-ratings.service.js';
import { CaseSharesController } from './sharing/case-shares.controller.js';
import { CaseSharesRepository } from './sharing/case-shares.repository.js';
import { CaseSharesService } from './sharing/case-shares.service.js';

/**
 * The work around a case (docs/decisions/0142-case-collaboration.md): the patient's history, the case's chat,
 * rating and feedback, shared read-only links, the study download through imaging, the worklist's chosen columns and
 * the worklist export. Every call on a case goes through VisibleCases (the reach rule: 404 outside it).
 */
@Module({
  imports: [CasesModule],
  controllers: [
    PatientHistoryController,
    CaseCommentsController,
    CaseRatingsController,
    CaseSharesController,
    CaseDownloadsController,
    WorklistColumnsController,
    CaseExportController,
  ],
  providers: [
    PatientHistoryRepository,
    PatientHistoryService,
    CaseCommentsRepository,
    CaseCommentsService,
    CaseRatingsRepository,
    CaseRatingsService,
    CaseSharesRepository,
    CaseSharesService,
    ImagingClient,
    CaseDownloadsService,
    WorklistColumnsRepository,
    WorklistColumnsService,
    CaseExportService,
  ],
})
export class CollaborationModule {}
