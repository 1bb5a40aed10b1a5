import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { RegistrationCasesService } from './registration-cases.service.js';
import { RegistrationsConsumer } from './registrations.consumer.js';

/**
 * The front desk's side of the worklist (issue 22): billing's registrations open PENDING FOR SCAN cases and their
 * cancellations remove them (docs/decisions/0261, 0262).
 */
@Module({
  imports: [CasesModule],
  providers: [RegistrationCasesService, RegistrationsConsumer],
})
export class FrontDeskModule {}
