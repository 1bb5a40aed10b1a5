import { Module } from '@nestjs/common';
import { WorkerKitModule } from '@rayworks/nest-kit';

/** The reporting worker: BullMQ processors of the reporting queues (registered by their modules as they arrive). */
@Module({ imports: [WorkerKitModule.forRoot('reporting')] })
export class WorkerModule {}
