import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IMAGING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { StudiesService } from './studies.service.js';

@ApiTags('studies')
@Controller()
export class StudiesController {
  constructor(@Inject(StudiesService) private readonly studies: StudiesService) {}

  @ApiContract(IMAGING_API.getStudies, "The archive's studies in the caller's reach, matched as QIDO-RS matches")
  async list({ access, body }: ContractCall<typeof IMAGING_API.getStudies>) {
    return apiOk(await this.studies.list(access, body));
  }
}
