import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CaseCommentsService } from './case-comments.service.js';

@ApiTags('case chat')
@Controller()
export class CaseCommentsController {
  constructor(@Inject(CaseCommentsService) private readonly comments: CaseCommentsService) {}

  @ApiContract(CASES_API.addComment, "Adds a message to the case's chat (pushed as cases:comment-added)")
  async add({ access, body }: ContractCall<typeof CASES_API.addComment>) {
    return apiOk(await this.comments.add(access, body), M.commentAdded);
  }

  @ApiContract(CASES_API.findComments, "The case's chat: the newest messages before a time, oldest first")
  async find({ access, body }: ContractCall<typeof CASES_API.findComments>) {
    return apiOk(await this.comments.find(access, body));
  }
}
