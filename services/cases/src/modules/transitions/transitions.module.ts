import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { AssigneesRepository } from './assignees.repository.js';
import { ArrivalsConsumer } from './arrivals.consumer.js';
import { CaseActionsController } from './case-actions.controller.js';
import { CaseActionsService } from './case-actions.service.js';
import { CasePush } from './case-push.js';
import { TransitionRunner } from './transition-runner.service.js';
import { TransitionsRepository } from './transitions.repository.js';
import { ReportEventsConsumer } from './report-events.consumer.js';
import { ReportStepsService } from './report-steps.service.js';

/**
 * The case's transitions: the one runner every change of a case goes through (TransitionRunner), exported for
 * the other modules of the service (marketplace, fusion); the worklist's actions (/cases/assign, /cases/worklistupdate, split, legends) and
 * auto-assignment.
 */
@Module({
  imports: [CasesModule],
  controllers: [CaseActionsController],
  providers: [
    TransitionsRepository,
    CasePush,
    TransitionRunner,
    AssigneesRepository,
    CaseActionsService,
    ReportStepsService,
    ArrivalsConsumer,
    ReportEventsConsumer,
  ],
  exports: [TransitionRunner, TransitionsRepository, CaseActionsService, AssigneesRepository],
})
export class TransitionsModule {}
