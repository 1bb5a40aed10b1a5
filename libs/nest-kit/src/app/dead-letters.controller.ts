import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DEAD_LETTER_MESSAGES, deadLettersApi } from '@rayworks/contracts';
import { ApiContract, apiOk } from '../auth/api-contract.decorator.js';
import type { ContractCall } from '../auth/contract-call.js';
import { DeadLettersService } from './dead-letters.service.js';

/**
 * The routes are the same in every service; the contracts' `service` only says where the gateway sends them, so the
 * controller mounts one service's description (paths, bodies, access, answers are the same for all).
 */
const API = deadLettersApi('auth');

/**
 * Operator routes of every service (libs/contracts operations/dead-letters.ts, docs/decisions/0076 and 0200): the
 * messages this service's consumer gave up on — a company's admin its own company's, the platform's operator those
 * of no company — listed, replayed through the service's consumer group, or discarded with a reason.
 */
@ApiTags('operations')
@Controller()
export class DeadLettersController {
  constructor(@Inject(DeadLettersService) private readonly deadLetters: DeadLettersService) {}

  @ApiContract(
    API.listDeadLetters,
    "Dead letters, newest first: a company's RAYWORKS_ADMIN or SUPER_ADMIN its company's, the platform operator those of no company (403 otherwise)",
  )
  async list({ access, body }: ContractCall<typeof API.listDeadLetters>) {
    return apiOk(await this.deadLetters.list(access, body));
  }

  @ApiContract(
    API.replayDeadLetter,
    "Hands a dead letter to the service's consumer again: handled, it is marked replayed (audited); failing again, 409 with the reason",
  )
  async replay({ access, body }: ContractCall<typeof API.replayDeadLetter>) {
    return apiOk(await this.deadLetters.replay(access, body.id), DEAD_LETTER_MESSAGES.replayed);
  }

  @ApiContract(API.discardDeadLetter, 'Marks a dead letter discarded, with the reason (audited)')
  async discard({ access, body }: ContractCall<typeof API.discardDeadLetter>) {
    return apiOk(await this.deadLetters.discard(access, body.id, body.reason), DEAD_LETTER_MESSAGES.discarded);
  }
}
