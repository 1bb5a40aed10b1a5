import { BadRequestException, Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { AUTH_API, adminMessages, type Entity } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, runInTenant, type RequestAccess } from '@rayworks/nest-kit';
import { isUniqueViolation, type Row } from '../../database/sql.js';
import { EntitiesRepository } from './entities.repository.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;
const toEntity = (r: Row): Entity => ({
  _id: String(r.id),
  code: String(r.code),
  city: String(r.city),
  state: String(r.state),
});

/** Entities: small enough that the controller calls the repository in the tenant's transaction itself. */
@ApiTags('entities')
@Controller()
export class EntitiesController {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EntitiesRepository) private readonly entities: EntitiesRepository,
  ) {}

  @ApiContract(AUTH_API.getEntities, 'Entities (place codes), searched on the server, first 100')
  async list(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getEntities) body: Body<'getEntities'>) {
    const found = await runInTenant(this.dataSource, access.principal.tenantId, (m) =>
      this.entities.search(m, body.search?.trim()),
    );
    return apiOk(found.map(toEntity));
  }

  @ApiContract(AUTH_API.createEntity, 'Adds an entity')
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.createEntity) body: Body<'createEntity'>,
  ) {
    try {
      const row = await runInTenant(this.dataSource, access.principal.tenantId, (m) =>
        this.entities.insert(m, access.principal.tenantId, body),
      );
      return apiOk(toEntity(row), adminMessages('Entity').created);
    } catch (error) {
      if (isUniqueViolation(error)) throw new BadRequestException('An entity with this code already exists');
      throw error;
    }
  }
}
