import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { REPORTING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { InteropService } from './interop.service.js';

@ApiTags('interoperability')
@Controller()
export class InteropController {
  constructor(@Inject(InteropService) private readonly interop: InteropService) {}

  @ApiContract(REPORTING_API.reportFhir, "The case's final report as a FHIR R4 DiagnosticReport (JSON)")
  async fhir({ access, credentials, body }: ContractCall<typeof REPORTING_API.reportFhir>) {
    return apiOk(await this.interop.fhir(access, credentials, body.caseId));
  }

  @ApiContract(REPORTING_API.reportHl7, "The case's final report as an HL7 v2.5 ORU^R01 message")
  async hl7({ access, credentials, body }: ContractCall<typeof REPORTING_API.reportHl7>) {
    return apiOk(await this.interop.hl7(access, credentials, body.caseId));
  }
}
