import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { PatientHistoryService } from './patient-history.service.js';

type Body<K extends keyof typeof CASES_API> = z.output<(typeof CASES_API)[K]['body']>;

@ApiTags('patient history')
@Controller()
export class PatientHistoryController {
  constructor(@Inject(PatientHistoryService) private readonly history: PatientHistoryService) {}

  @ApiContract(CASES_API.createPatientHistory, "Adds an entry to the history of the case's patient")
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.createPatientHistory) body: Body<'createPatientHistory'>,
  ) {
    return apiOk(await this.history.add(access, body), M.historyAdded);
  }

  @ApiContract(CASES_API.updatePatientHistory, "Edits an entry of the patient's history (at the version read)")
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.updatePatientHistory) body: Body<'updatePatientHistory'>,
  ) {
    return apiOk(await this.history.update(access, body), M.historyUpdated);
  }

  @ApiContract(CASES_API.deletePatientHistory, "Deletes an entry of the patient's history")
  async delete(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.deletePatientHistory) body: Body<'deletePatientHistory'>,
  ) {
    return apiOk(await this.history.delete(access, body), M.historyDeleted);
  }

  @ApiContract(CASES_API.findPatientHistory, "The history of the case's patient, newest first")
  async find(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.findPatientHistory) body: Body<'findPatientHistory'>,
  ) {
    return apiOk(await this.history.find(access, body.caseId));
  }
}
