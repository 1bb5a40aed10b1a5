import { Module } from '@nestjs/common';
import { WorkerKitModule } from '@rayworks/nest-kit';
import { ImagingConfigModule } from './config/imaging-config.module.js';
import { database } from './database/data-source.js';
import { StudyDownloadModule } from './modules/downloads/study-download.module.js';
import { ImportsWorkerModule } from './modules/imports/imports-worker.module.js';
import { StudiesModule } from './modules/studies/studies.module.js';

/**
 * The imaging worker: BullMQ processors of the imaging queues (registered by their modules as they arrive), on the
 * same kit as the API process: database with tenant transactions, outbox, job outbox, storage, health, metrics.
 */
@Module({
  imports: [
    WorkerKitModule.forRoot({ service: 'imaging', database }),
    ImagingConfigModule,
    StudiesModule,
    ImportsWorkerModule,
    StudyDownloadModule,
  ],
})
export class WorkerModule {}
