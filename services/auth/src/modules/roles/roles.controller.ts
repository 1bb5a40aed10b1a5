import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { RolesService } from './roles.service.js';

const ROLE = adminMessages('Role');

@ApiTags('roles')
@Controller()
export class RolesController {
  constructor(@Inject(RolesService) private readonly roles: RolesService) {}

  @ApiContract(AUTH_API.getRoles, 'Roles, paged, searched and sorted on the server')
  async list({ access, body }: ContractCall<typeof AUTH_API.getRoles>) {
    return apiOk(await this.roles.list(access, body));
  }

  @ApiContract(AUTH_API.getRole, 'One role')
  async get({ access, body }: ContractCall<typeof AUTH_API.getRole>) {
    return apiOk(await this.roles.get(access, body.id));
  }

  @ApiContract(AUTH_API.createRole, 'Creates a role from privileges the caller holds')
  async create({ access, body, client }: ContractCall<typeof AUTH_API.createRole>) {
    return apiOk(await this.roles.create(access, body, client), ROLE.created);
  }

  @ApiContract(AUTH_API.updateRole, 'Updates a role')
  async update({ access, body, client }: ContractCall<typeof AUTH_API.updateRole>) {
    return apiOk(await this.roles.update(access, body, client), ROLE.updated);
  }

  @ApiContract(AUTH_API.roleStatus, 'Activates or inactivates a role')
  async status({ access, body, client }: ContractCall<typeof AUTH_API.roleStatus>) {
    return apiOk(
      await this.roles.setStatus(access, body.id, body.isActive, client),
      body.isActive ? ROLE.activated : ROLE.inactivated,
    );
  }

  @ApiContract(AUTH_API.getPrivilege, 'The privileges the caller may grant, as a permission configuration')
  privileges({ access }: ContractCall<typeof AUTH_API.getPrivilege>) {
    return apiOk(this.roles.grantable(access));
  }
}
