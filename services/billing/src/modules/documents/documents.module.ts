import { Module } from '@nestjs/common';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import { PaymentsRepository } from '../payments/payments.repository.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';

/**
 * The PDFs of invoices and receipts in the API process (docs/decisions/0259): /invoice/pdf and /payment/receipt. The
 * printing runs in the worker (DocumentsWorkerModule); the invoices' and payments' repositories are read here for
 * the caller's reach.
 */
@Module({
  controllers: [DocumentsController],
  providers: [InvoicesRepository, PaymentsRepository, DocumentsRepository, DocumentsService],
})
export class DocumentsModule {}
