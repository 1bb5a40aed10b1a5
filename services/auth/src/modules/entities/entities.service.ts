import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { AUTH_API, Entity as PlaceCode } from '@rayworks/contracts';
import { companyOf, isUniqueViolation, UnitOfWork, type ContractCall, type RequestAccess } from '@rayworks/nest-kit';
import { EntitiesRepository } from './entities.repository.js';

/** Entities (place codes) of the caller's company: searched, and added with a code of their own. */
@Injectable()
export class EntitiesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(EntitiesRepository) private readonly entities: EntitiesRepository,
  ) {}

  /** The first 100 matching the search (code, city or state), by code. */
  async search(access: RequestAccess, body: ContractCall<typeof AUTH_API.getEntities>['body']): Promise<PlaceCode[]> {
    const found = await this.uow.read(access, (tx) => this.entities.search(tx, body.search?.trim()));
    return found.map((e) => e.toEntity());
  }

  /** Adds an entity; a code the company already has is a 400. */
  async create(access: RequestAccess, body: ContractCall<typeof AUTH_API.createEntity>['body']): Promise<PlaceCode> {
    try {
      const entity = await this.uow.change(access, (tx) => this.entities.insert(tx, companyOf(access.principal), body));
      return entity.toEntity();
    } catch (error) {
      if (isUniqueViolation(error)) throw new BadRequestException('An entity with this code already exists');
      throw error;
    }
  }
}
