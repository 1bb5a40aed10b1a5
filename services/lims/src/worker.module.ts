import { Module } from '@nestjs/common';
import { WorkerKitModule } from '@rayworks/nest-kit';

/** The lims worker: BullMQ processors of the lims queues (registered by their modules as they arrive). */
@Module({ imports: [WorkerKitModule.forRoot('lims')] })
export class WorkerModule {}
