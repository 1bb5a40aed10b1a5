import { Module } from '@nestjs/common';
import { WorkerKitModule } from '@rayworks/nest-kit';
import { LimsConfigModule } from './config/lims-config.module.js';
import { database } from './database/data-source.js';
import { AnalyzerMatchingWorkerModule } from './modules/analyzers/analyzer-matching-worker.module.js';
import { LabReportsWorkerModule } from './modules/reports/lab-reports-worker.module.js';

/**
 * The lims worker: BullMQ processors of the lims queues (registered by their modules as they arrive), on the
 * same kit as the API process: database with tenant transactions, outbox, job outbox, storage, health, metrics.
 * lims.lab-report-pdf prints lab reports and lims.lab-report-delivery mails them (LabReportsWorkerModule);
 * lims.analyzer-match matches what the analyzers sent to samples (AnalyzerMatchingWorkerModule, docs/decisions/0337).
 */
@Module({
  imports: [
    WorkerKitModule.forRoot({ service: 'lims', database }),
    LimsConfigModule,
    LabReportsWorkerModule,
    AnalyzerMatchingWorkerModule,
  ],
})
export class WorkerModule {}
