import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { PatientsModule } from '../patients/patients.module.js';
import { PricesModule } from '../prices/prices.module.js';
import { RegistrationsController } from './registrations.controller.js';
import { RegistrationsRepository } from './registrations.repository.js';
import { RegistrationsService } from './registrations.service.js';

/** The registration desk: a patient's visits, priced, invoiced and ordered in one step. */
@Module({
  imports: [DirectoryModule, PatientsModule, PricesModule, InvoicesModule],
  controllers: [RegistrationsController],
  providers: [RegistrationsRepository, RegistrationsService],
})
export class RegistrationsModule {}
