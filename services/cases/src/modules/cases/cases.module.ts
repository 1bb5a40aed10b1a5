import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { CaseAuditTrailController } from './case-audit-trail.controller.js';
import { CaseAuditTrailRepository } from './case-audit-trail.repository.js';
import { CaseAuditTrailService } from './case-audit-trail.service.js';
import { CaseIntakeService } from './case-intake.service.js';
import { CaseMapper } from './case.mapper.js';
import { CasesConsumer } from './cases.consumer.js';
import { CasesController } from './cases.controller.js';
import { CasesPublisher } from './cases.publisher.js';
import { CasesRepository } from './cases.repository.js';
import { CasesService } from './cases.service.js';
import { VisibleCases } from './visible-cases.service.js';

/**
 * The worklist's core: the intake of studies, the reads (page, find, one, statistics), registrations and edits.
 * Exports what the other case modules stand on: VisibleCases (one case the caller may see, else 404), CaseMapper
 * (row → API case), CasesPublisher (a case's outbox event) and CasesRepository.
 */
@Module({
  imports: [DirectoryModule, SettingsModule],
  controllers: [CasesController, CaseAuditTrailController],
  providers: [
    CasesRepository,
    CasesPublisher,
    CaseMapper,
    VisibleCases,
    CaseIntakeService,
    CasesService,
    CasesConsumer,
    CaseAuditTrailRepository,
    CaseAuditTrailService,
  ],
  exports: [CasesRepository, CasesPublisher, CaseMapper, VisibleCases, DirectoryModule, SettingsModule],
})
export class CasesModule {}
