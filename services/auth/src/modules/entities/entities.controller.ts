import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { EntitiesService } from './entities.service.js';

/** Entities (place codes): the contract, then the service. */
@ApiTags('entities')
@Controller()
export class EntitiesController {
  constructor(@Inject(EntitiesService) private readonly entities: EntitiesService) {}

  @ApiContract(AUTH_API.getEntities, 'Entities (place codes), searched on the server, first 100')
  async list({ access, body }: ContractCall<typeof AUTH_API.getEntities>) {
    return apiOk(await this.entities.search(access, body));
  }

  @ApiContract(AUTH_API.createEntity, 'Adds an entity')
  async create({ access, body }: ContractCall<typeof AUTH_API.createEntity>) {
    return apiOk(await this.entities.create(access, body), adminMessages('Entity').created);
  }
}
