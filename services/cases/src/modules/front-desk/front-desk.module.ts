import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { BillingPatientsConsumer } from './billing-patients.consumer.js';
import { BillingPatientsRepository } from './billing-patients.repository.js';
import { CasePatientsController } from './case-patients.controller.js';
import { CasePatientsService } from './case-patients.service.js';
import { RegistrationCasesService } from './registration-cases.service.js';
import { RegistrationsConsumer } from './registrations.consumer.js';

/**
 * The front desk's side of the worklist (issue 22): billing's registrations open PENDING FOR SCAN cases and their
 * cancellations remove them (docs/decisions/0261, 0262); billing's patients, kept as a read model, are assigned to
 * cases of their centre (0263).
 */
@Module({
  imports: [CasesModule],
  controllers: [CasePatientsController],
  providers: [
    RegistrationCasesService,
    RegistrationsConsumer,
    BillingPatientsRepository,
    BillingPatientsConsumer,
    CasePatientsService,
  ],
})
export class FrontDeskModule {}
