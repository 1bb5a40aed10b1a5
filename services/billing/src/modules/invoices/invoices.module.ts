import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { PatientsModule } from '../patients/patients.module.js';
import { PaymentsController } from '../payments/payments.controller.js';
import { PaymentsRepository } from '../payments/payments.repository.js';
import { PaymentsService } from '../payments/payments.service.js';
import { CentreSettingsRepository } from '../prices/centre-settings.repository.js';
import { CentreClock } from './centre-clock.js';
import { CreditNotesRepository } from './credit-notes.repository.js';
import { CreditNotesService } from './credit-notes.service.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesPublisher } from './invoices.publisher.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

/**
 * Patient invoices, credit notes, payments and refunds (docs/decisions/0253–0257). Exports the services a registration
 * uses in its own unit of work: issue an invoice, take a payment, issue a credit note.
 */
@Module({
  imports: [DirectoryModule, PatientsModule],
  controllers: [InvoicesController, PaymentsController],
  providers: [
    CentreSettingsRepository,
    CentreClock,
    InvoicesRepository,
    InvoicesPublisher,
    InvoicesService,
    CreditNotesRepository,
    CreditNotesService,
    PaymentsRepository,
    PaymentsService,
  ],
  exports: [InvoicesService, PaymentsService, CreditNotesService],
})
export class InvoicesModule {}
