import { Module } from '@nestjs/common';
import { WorkerKitModule } from '@rayworks/nest-kit';
import { BillingConfigModule } from './config/billing-config.module.js';
import { database } from './database/data-source.js';
import { DocumentsWorkerModule } from './modules/documents/documents-worker.module.js';

/**
 * The billing worker: BullMQ processors of the billing queues (registered by their modules as they arrive), on the
 * same kit as the API process: database with tenant transactions, outbox, job outbox, storage, health, metrics.
 * billing.invoice-pdf prints invoices and receipts (DocumentsWorkerModule).
 */
@Module({
  imports: [WorkerKitModule.forRoot({ service: 'billing', database }), BillingConfigModule, DocumentsWorkerModule],
})
export class WorkerModule {}
