import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LIMS_API, OUTSOURCING_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { OutsourcingLabsService } from './outsourcing-labs.service.js';

const M = OUTSOURCING_MESSAGES;

@ApiTags('outsourcing')
@Controller()
export class OutsourcingLabsController {
  constructor(@Inject(OutsourcingLabsService) private readonly labs: OutsourcingLabsService) {}

  @ApiContract(LIMS_API.findOutsourcingLabs, "The company's outsourcing labs and the tests each performs")
  async find({ access, body }: ContractCall<typeof LIMS_API.findOutsourcingLabs>) {
    return apiOk(await this.labs.list(access, body));
  }

  @ApiContract(LIMS_API.createOutsourcingLab, 'Adds an outsourcing lab with the tests it performs')
  async create({ access, body }: ContractCall<typeof LIMS_API.createOutsourcingLab>) {
    return apiOk(await this.labs.create(access, body), M.lab.created);
  }

  @ApiContract(LIMS_API.updateOutsourcingLab, 'Changes an outsourcing lab, its tests or its analyzer link')
  async update({ access, body }: ContractCall<typeof LIMS_API.updateOutsourcingLab>) {
    return apiOk(await this.labs.update(access, body), M.lab.updated);
  }

  @ApiContract(LIMS_API.outsourcingLabStatus, 'Activates or inactivates an outsourcing lab')
  async status({ access, body }: ContractCall<typeof LIMS_API.outsourcingLabStatus>) {
    const lab = await this.labs.setActive(access, body.id, body.isActive);
    return apiOk(lab, body.isActive ? M.lab.activated : M.lab.inactivated);
  }
}
