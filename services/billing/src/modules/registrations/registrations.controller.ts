import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, REGISTRATION_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { RegistrationsService } from './registrations.service.js';

@ApiTags('registrations')
@Controller()
export class RegistrationsController {
  constructor(@Inject(RegistrationsService) private readonly registrations: RegistrationsService) {}

  @ApiContract(
    BILLING_API.createRegistration,
    "Registers a patient's visit: its invoice at the centre's price of the moment, its tests ordered, a payment",
  )
  async create({ access, body }: ContractCall<typeof BILLING_API.createRegistration>) {
    return apiOk(await this.registrations.create(access, body), REGISTRATION_MESSAGES.created);
  }

  @ApiContract(BILLING_API.getRegistration, 'One visit with its items')
  async get({ access, body }: ContractCall<typeof BILLING_API.getRegistration>) {
    return apiOk(await this.registrations.get(access, body.id));
  }

  @ApiContract(BILLING_API.findPatientRegistrations, "A patient's visits, newest first")
  async ofPatient({ access, body }: ContractCall<typeof BILLING_API.findPatientRegistrations>) {
    return apiOk(await this.registrations.ofPatient(access, body.patientId));
  }

  @ApiContract(
    BILLING_API.cancelRegistrationItems,
    "Cancels items of a visit: a credit note, a refund where paid, and the items' case or sample closed",
  )
  async cancel({ access, body }: ContractCall<typeof BILLING_API.cancelRegistrationItems>) {
    return apiOk(await this.registrations.cancel(access, body), REGISTRATION_MESSAGES.cancelled);
  }
}
