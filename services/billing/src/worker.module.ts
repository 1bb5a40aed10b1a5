import { Module } from '@nestjs/common';
import { WorkerKitModule } from '@rayworks/nest-kit';

/** The billing worker: BullMQ processors of the billing queues (registered by their modules as they arrive). */
@Module({ imports: [WorkerKitModule.forRoot('billing')] })
export class WorkerModule {}
