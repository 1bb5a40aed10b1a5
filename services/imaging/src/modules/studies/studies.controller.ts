import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { IMAGING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { StudiesService } from './studies.service.js';

type Body<K extends keyof typeof IMAGING_API> = z.output<(typeof IMAGING_API)[K]['body']>;

@ApiTags('studies')
@Controller()
export class StudiesController {
  constructor(@Inject(StudiesService) private readonly studies: StudiesService) {}

  @ApiContract(IMAGING_API.getStudies, "The archive's studies in the caller's reach, matched as QIDO-RS matches")
  async list(@CurrentAccess() access: RequestAccess, @ContractBody(IMAGING_API.getStudies) body: Body<'getStudies'>) {
    return apiOk(await this.studies.list(access, body));
  }
}
