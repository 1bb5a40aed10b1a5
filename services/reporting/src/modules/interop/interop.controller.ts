import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import type { Credentials } from '@rayworks/api-client';
import { REPORTING_API } from '@rayworks/contracts';
import {
  apiOk,
  ApiContract,
  CallerCredentials,
  ContractBody,
  CurrentAccess,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { InteropService } from './interop.service.js';

type Body<K extends keyof typeof REPORTING_API> = z.output<(typeof REPORTING_API)[K]['body']>;

@ApiTags('interoperability')
@Controller()
export class InteropController {
  constructor(@Inject(InteropService) private readonly interop: InteropService) {}

  @ApiContract(REPORTING_API.reportFhir, "The case's final report as a FHIR R4 DiagnosticReport (JSON)")
  async fhir(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.reportFhir) body: Body<'reportFhir'>,
  ) {
    return apiOk(await this.interop.fhir(access, caller, body.caseId));
  }

  @ApiContract(REPORTING_API.reportHl7, "The case's final report as an HL7 v2.5 ORU^R01 message")
  async hl7(
    @CurrentAccess() access: RequestAccess,
    @CallerCredentials() caller: Credentials,
    @ContractBody(REPORTING_API.reportHl7) body: Body<'reportHl7'>,
  ) {
    return apiOk(await this.interop.hl7(access, caller, body.caseId));
  }
}
