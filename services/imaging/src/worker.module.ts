import { Module } from '@nestjs/common';
import { WorkerKitModule } from '@rayworks/nest-kit';

/** The imaging worker: BullMQ processors of the imaging queues (registered by their modules as they arrive). */
@Module({ imports: [WorkerKitModule.forRoot('imaging')] })
export class WorkerModule {}
