import { Module } from '@nestjs/common';
import { WorkerKitModule } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';

/**
 * The billing worker: BullMQ processors of the billing queues (registered by their modules as they arrive), on the
 * same kit as the API process: database with tenant transactions, outbox, job outbox, storage, health, metrics.
 */
@Module({ imports: [WorkerKitModule.forRoot({ service: 'billing', database })] })
export class WorkerModule {}
