import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { GroupsService } from './groups.service.js';

const GROUP = adminMessages('Group');
const CENTRE = adminMessages('Center');

@ApiTags('groups')
@Controller()
export class GroupsController {
  constructor(@Inject(GroupsService) private readonly groups: GroupsService) {}

  @ApiContract(AUTH_API.getGroups, 'Groups, paged, searched and sorted on the server')
  async list({ access, body }: ContractCall<typeof AUTH_API.getGroups>) {
    return apiOk(await this.groups.list(access, body));
  }

  @ApiContract(AUTH_API.getGroup, 'One group')
  async get({ access, body }: ContractCall<typeof AUTH_API.getGroup>) {
    return apiOk(await this.groups.get(access, body.id));
  }

  @ApiContract(AUTH_API.createGroup, 'Creates a group (tenant-level users)')
  async create({ access, body, client }: ContractCall<typeof AUTH_API.createGroup>) {
    return apiOk(await this.groups.create(access, body, client), GROUP.created);
  }

  @ApiContract(AUTH_API.updateGroup, 'Updates a group')
  async update({ access, body, client }: ContractCall<typeof AUTH_API.updateGroup>) {
    return apiOk(await this.groups.update(access, body, client), GROUP.updated);
  }

  @ApiContract(AUTH_API.groupStatus, 'Activates or inactivates a group')
  async status({ access, body, client }: ContractCall<typeof AUTH_API.groupStatus>) {
    return apiOk(
      await this.groups.setStatus(access, body.id, body.isActive, client),
      body.isActive ? GROUP.activated : GROUP.inactivated,
    );
  }

  @ApiContract(AUTH_API.addCentreToGroup, 'Puts a center into a group')
  async addCentre({ access, body, client }: ContractCall<typeof AUTH_API.addCentreToGroup>) {
    return apiOk(await this.groups.addCentre(access, body.groupID, body.centerID, client), CENTRE.updated);
  }
}
