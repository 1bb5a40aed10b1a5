import { Module } from '@nestjs/common';
import { WorkerKitModule } from '@rayworks/nest-kit';
import { ReportingConfigModule } from './config/reporting-config.module.js';
import { database } from './database/data-source.js';
import { CriticalResultsWorkerModule } from './modules/critical-results/critical-worker.module.js';
import { OutputWorkerModule } from './modules/output/output-worker.module.js';

/**
 * The reporting worker: BullMQ processors of the reporting queues (registered by their modules as they arrive), on the
 * same kit as the API process: database with tenant transactions, outbox, job outbox, storage, health, metrics.
 */
@Module({
  imports: [
    WorkerKitModule.forRoot({ service: 'reporting', database }),
    ReportingConfigModule,
    OutputWorkerModule,
    CriticalResultsWorkerModule,
  ],
})
export class WorkerModule {}
