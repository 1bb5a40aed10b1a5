import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { Client, type ClientInfo } from '../access/client-info.js';
import { GroupsService } from './groups.service.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;
const GROUP = adminMessages('Group');
const CENTRE = adminMessages('Center');

@ApiTags('groups')
@Controller()
export class GroupsController {
  constructor(@Inject(GroupsService) private readonly groups: GroupsService) {}

  @ApiContract(AUTH_API.getGroups, 'Groups, paged, searched and sorted on the server')
  async list(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getGroups) body: Body<'getGroups'>) {
    return apiOk(await this.groups.list(access, body));
  }

  @ApiContract(AUTH_API.getGroup, 'One group')
  async get(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getGroup) body: Body<'getGroup'>) {
    return apiOk(await this.groups.get(access, body.id));
  }

  @ApiContract(AUTH_API.createGroup, 'Creates a group (tenant-level users)')
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.createGroup) body: Body<'createGroup'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.groups.create(access, body, client), GROUP.created);
  }

  @ApiContract(AUTH_API.updateGroup, 'Updates a group')
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.updateGroup) body: Body<'updateGroup'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.groups.update(access, body, client), GROUP.updated);
  }

  @ApiContract(AUTH_API.groupStatus, 'Activates or inactivates a group')
  async status(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.groupStatus) body: Body<'groupStatus'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(
      await this.groups.setStatus(access, body.id, body.isActive, client),
      body.isActive ? GROUP.activated : GROUP.inactivated,
    );
  }

  @ApiContract(AUTH_API.addCentreToGroup, 'Puts a center into a group')
  async addCentre(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.addCentreToGroup) body: Body<'addCentreToGroup'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.groups.addCentre(access, body.groupID, body.centerID, client), CENTRE.updated);
  }
}
