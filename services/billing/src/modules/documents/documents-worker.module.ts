import { Module } from '@nestjs/common';
import { pdfPrinterProvider } from '@rayworks/nest-kit';
import { BILLING_ENV } from '../../config/env.js';
import { CentresRepository } from '../directory/centres.repository.js';
import { CentreClock } from '../invoices/centre-clock.js';
import { CreditNotesRepository } from '../invoices/credit-notes.repository.js';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import { PatientsRepository } from '../patients/patients.repository.js';
import { PaymentsRepository } from '../payments/payments.repository.js';
import { CentreSettingsRepository } from '../prices/centre-settings.repository.js';
import { DocumentLoader } from './document.loader.js';
import { DocumentPdfProcessor } from './document-pdf.processor.js';
import { DocumentsRepository } from './documents.repository.js';

/**
 * The billing worker's printing (docs/decisions/0258, 0259): billing.invoice-pdf prints invoices and receipts with the
 * kit's PdfPrinter (one browser per worker). The worker has no HTTP modules: the repositories the documents read
 * through are provided here (the centre's clock reads its billing settings).
 */
@Module({
  providers: [
    InvoicesRepository,
    PaymentsRepository,
    CreditNotesRepository,
    PatientsRepository,
    CentresRepository,
    CentreSettingsRepository,
    CentreClock,
    DocumentsRepository,
    DocumentLoader,
    pdfPrinterProvider(BILLING_ENV),
    DocumentPdfProcessor,
  ],
})
export class DocumentsWorkerModule {}
