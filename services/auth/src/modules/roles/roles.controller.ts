import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { Client, type ClientInfo } from '../access/client-info.js';
import { RolesService } from './roles.service.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;
const ROLE = adminMessages('Role');

@ApiTags('roles')
@Controller()
export class RolesController {
  constructor(@Inject(RolesService) private readonly roles: RolesService) {}

  @ApiContract(AUTH_API.getRoles, 'Roles, paged, searched and sorted on the server')
  async list(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getRoles) body: Body<'getRoles'>) {
    return apiOk(await this.roles.list(access, body));
  }

  @ApiContract(AUTH_API.getRole, 'One role')
  async get(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getRole) body: Body<'getRole'>) {
    return apiOk(await this.roles.get(access, body.id));
  }

  @ApiContract(AUTH_API.createRole, 'Creates a role from privileges the caller holds')
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.createRole) body: Body<'createRole'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.roles.create(access, body, client), ROLE.created);
  }

  @ApiContract(AUTH_API.updateRole, 'Updates a role')
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.updateRole) body: Body<'updateRole'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.roles.update(access, body, client), ROLE.updated);
  }

  @ApiContract(AUTH_API.roleStatus, 'Activates or inactivates a role')
  async status(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.roleStatus) body: Body<'roleStatus'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(
      await this.roles.setStatus(access, body.id, body.isActive, client),
      body.isActive ? ROLE.activated : ROLE.inactivated,
    );
  }

  @ApiContract(AUTH_API.getPrivilege, 'The privileges the caller may grant, as a permission configuration')
  privileges(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getPrivilege) _body: Body<'getPrivilege'>) {
    return apiOk(this.roles.grantable(access));
  }
}
