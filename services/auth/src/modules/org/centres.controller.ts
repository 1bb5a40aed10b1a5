import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CentresService } from './centres.service.js';

const CENTRE = adminMessages('Center');

@ApiTags('centers')
@Controller()
export class CentresController {
  constructor(@Inject(CentresService) private readonly centres: CentresService) {}

  @ApiContract(AUTH_API.getCentres, 'Centers, paged, searched and sorted on the server')
  async list({ access, body }: ContractCall<typeof AUTH_API.getCentres>) {
    return apiOk(await this.centres.list(access, body));
  }

  @ApiContract(AUTH_API.getCentre, 'One center')
  async get({ access, body }: ContractCall<typeof AUTH_API.getCentre>) {
    return apiOk(await this.centres.get(access, body.id));
  }

  @ApiContract(AUTH_API.createCentre, 'Creates an individual center or a center of a group')
  async create({ access, body, client }: ContractCall<typeof AUTH_API.createCentre>) {
    return apiOk(await this.centres.create(access, body, client), CENTRE.created);
  }

  @ApiContract(AUTH_API.updateCentre, 'Updates a center')
  async update({ access, body, client }: ContractCall<typeof AUTH_API.updateCentre>) {
    return apiOk(await this.centres.update(access, body, client), CENTRE.updated);
  }

  @ApiContract(AUTH_API.centreStatus, 'Activates or inactivates a center')
  async status({ access, body, client }: ContractCall<typeof AUTH_API.centreStatus>) {
    return apiOk(
      await this.centres.setStatus(access, body.id, body.isActive, client),
      body.isActive ? CENTRE.activated : CENTRE.inactivated,
    );
  }
}
