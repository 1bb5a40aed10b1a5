import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API, HANGING_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { HangingProtocolsService } from './hanging-protocols.service.js';

@ApiTags('viewer')
@Controller()
export class HangingProtocolsController {
  constructor(@Inject(HangingProtocolsService) private readonly protocols: HangingProtocolsService) {}

  @ApiContract(
    CASES_API.findHangingProtocols,
    "The hanging protocols of the case's centre (per modality and body part)",
  )
  async find({ access, body }: ContractCall<typeof CASES_API.findHangingProtocols>) {
    return apiOk(await this.protocols.find(access, body));
  }

  @ApiContract(
    CASES_API.saveHangingProtocol,
    "Saves a layout and series placement as the case's centre's hanging protocol for a modality and body part",
  )
  async save({ access, body }: ContractCall<typeof CASES_API.saveHangingProtocol>) {
    return apiOk(await this.protocols.save(access, body), HANGING_MESSAGES.saved);
  }
}
