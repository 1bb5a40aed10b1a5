import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, PATIENT_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { PatientsService } from './patients.service.js';

@ApiTags('patients')
@Controller()
export class PatientsController {
  constructor(@Inject(PatientsService) private readonly patients: PatientsService) {}

  @ApiContract(BILLING_API.findPatients, 'Patients the caller reaches, searched as the desk types (name, phone, MR)')
  async find({ access, body }: ContractCall<typeof BILLING_API.findPatients>) {
    return apiOk(await this.patients.list(access, body));
  }

  @ApiContract(BILLING_API.lookupPatients, "The desk's pick list as it types: the newest matches, no total")
  async lookup({ access, body }: ContractCall<typeof BILLING_API.lookupPatients>) {
    return apiOk(await this.patients.lookup(access, body));
  }

  @ApiContract(BILLING_API.getPatient, 'One patient')
  async get({ access, body }: ContractCall<typeof BILLING_API.getPatient>) {
    return apiOk(await this.patients.get(access, body.id));
  }

  @ApiContract(BILLING_API.findDuplicatePatients, 'Records of the centre that may be the same person')
  async duplicates({ access, body }: ContractCall<typeof BILLING_API.findDuplicatePatients>) {
    return apiOk(await this.patients.duplicates(access, body));
  }

  @ApiContract(BILLING_API.createPatient, "Registers a patient at a centre with the centre's next MR number")
  async create({ access, body }: ContractCall<typeof BILLING_API.createPatient>) {
    return apiOk(await this.patients.create(access, body), PATIENT_MESSAGES.created);
  }

  @ApiContract(BILLING_API.mergePatients, 'Merges two records of one person at a centre into one')
  async merge({ access, body }: ContractCall<typeof BILLING_API.mergePatients>) {
    return apiOk(await this.patients.merge(access, body), PATIENT_MESSAGES.merged);
  }

  @ApiContract(BILLING_API.updatePatient, "Corrects a patient's details")
  async update({ access, body }: ContractCall<typeof BILLING_API.updatePatient>) {
    return apiOk(await this.patients.update(access, body), PATIENT_MESSAGES.updated);
  }
}
