import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { PatientHistoryService } from './patient-history.service.js';

@ApiTags('patient history')
@Controller()
export class PatientHistoryController {
  constructor(@Inject(PatientHistoryService) private readonly history: PatientHistoryService) {}

  @ApiContract(CASES_API.createPatientHistory, "Adds an entry to the history of the case's patient")
  async create({ access, body }: ContractCall<typeof CASES_API.createPatientHistory>) {
    return apiOk(await this.history.add(access, body), M.historyAdded);
  }

  @ApiContract(CASES_API.updatePatientHistory, "Edits an entry of the patient's history (at the version read)")
  async update({ access, body }: ContractCall<typeof CASES_API.updatePatientHistory>) {
    return apiOk(await this.history.update(access, body), M.historyUpdated);
  }

  @ApiContract(CASES_API.deletePatientHistory, "Deletes an entry of the patient's history")
  async delete({ access, body }: ContractCall<typeof CASES_API.deletePatientHistory>) {
    return apiOk(await this.history.delete(access, body), M.historyDeleted);
  }

  @ApiContract(CASES_API.findPatientHistory, "The history of the case's patient, newest first")
  async find({ access, body }: ContractCall<typeof CASES_API.findPatientHistory>) {
    return apiOk(await this.history.find(access, body.caseId));
  }
}
