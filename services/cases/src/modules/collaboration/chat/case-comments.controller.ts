import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CASES_API, COLLABORATION_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { CaseCommentsService } from './case-comments.service.js';

type Body<K extends keyof typeof CASES_API> = z.output<(typeof CASES_API)[K]['body']>;

@ApiTags('case chat')
@Controller()
export class CaseCommentsController {
  constructor(@Inject(CaseCommentsService) private readonly comments: CaseCommentsService) {}

  @ApiContract(CASES_API.addComment, "Adds a message to the case's chat (pushed as cases:comment-added)")
  async add(@CurrentAccess() access: RequestAccess, @ContractBody(CASES_API.addComment) body: Body<'addComment'>) {
    return apiOk(await this.comments.add(access, body), M.commentAdded);
  }

  @ApiContract(CASES_API.findComments, "The case's chat: the newest messages before a time, oldest first")
  async find(@CurrentAccess() access: RequestAccess, @ContractBody(CASES_API.findComments) body: Body<'findComments'>) {
    return apiOk(await this.comments.find(access, body));
  }
}
