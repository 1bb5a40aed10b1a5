import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { Client, type ClientInfo } from '../access/client-info.js';
import { CentresService } from './centres.service.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;
const CENTRE = adminMessages('Center');

@ApiTags('centers')
@Controller()
export class CentresController {
  constructor(@Inject(CentresService) private readonly centres: CentresService) {}

  @ApiContract(AUTH_API.getCentres, 'Centers, paged, searched and sorted on the server')
  async list(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getCentres) body: Body<'getCentres'>) {
    return apiOk(await this.centres.list(access, body));
  }

  @ApiContract(AUTH_API.getCentre, 'One center')
  async get(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getCentre) body: Body<'getCentre'>) {
    return apiOk(await this.centres.get(access, body.id));
  }

  @ApiContract(AUTH_API.createCentre, 'Creates an individual center or a center of a group')
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.createCentre) body: Body<'createCentre'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.centres.create(access, body, client), CENTRE.created);
  }

  @ApiContract(AUTH_API.updateCentre, 'Updates a center')
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.updateCentre) body: Body<'updateCentre'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.centres.update(access, body, client), CENTRE.updated);
  }

  @ApiContract(AUTH_API.centreStatus, 'Activates or inactivates a center')
  async status(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.centreStatus) body: Body<'centreStatus'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(
      await this.centres.setStatus(access, body.id, body.isActive, client),
      body.isActive ? CENTRE.activated : CENTRE.inactivated,
    );
  }
}
