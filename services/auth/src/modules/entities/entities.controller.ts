import { BadRequestException, Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { companyOf, apiOk, ApiContract, isUniqueViolation, UnitOfWork, type ContractCall } from '@rayworks/nest-kit';
import { EntitiesRepository } from './entities.repository.js';

/** Entities: small enough that the controller runs the unit of work itself. */
@ApiTags('entities')
@Controller()
export class EntitiesController {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(EntitiesRepository) private readonly entities: EntitiesRepository,
  ) {}

  @ApiContract(AUTH_API.getEntities, 'Entities (place codes), searched on the server, first 100')
  async list({ access, body }: ContractCall<typeof AUTH_API.getEntities>) {
    const found = await this.uow.read(access, (tx) => this.entities.search(tx, body.search?.trim()));
    return apiOk(found.map((e) => e.toEntity()));
  }

  @ApiContract(AUTH_API.createEntity, 'Adds an entity')
  async create({ access, body }: ContractCall<typeof AUTH_API.createEntity>) {
    try {
      const entity = await this.uow.change(access, (tx) => this.entities.insert(tx, companyOf(access.principal), body));
      return apiOk(entity.toEntity(), adminMessages('Entity').created);
    } catch (error) {
      if (isUniqueViolation(error)) throw new BadRequestException('An entity with this code already exists');
      throw error;
    }
  }
}
