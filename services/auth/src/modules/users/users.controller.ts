import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { USER_MESSAGES } from './users.errors.js';
import { UsersService } from './users.service.js';

const USER = adminMessages('User');

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @ApiContract(AUTH_API.findUsers, 'Users, paged, searched and sorted on the server')
  async find({ access, body }: ContractCall<typeof AUTH_API.findUsers>) {
    return apiOk(await this.users.list(access, body));
  }

  @ApiContract(AUTH_API.getUser, 'One user')
  async get({ access, body }: ContractCall<typeof AUTH_API.getUser>) {
    return apiOk(await this.users.get(access, body.id));
  }

  @ApiContract(
    AUTH_API.createUser,
    'Creates a user; a temporary password is e-mailed and must be changed at first login',
  )
  async create({ access, body, client }: ContractCall<typeof AUTH_API.createUser>) {
    return apiOk(await this.users.create(access, body, client), USER.created);
  }

  @ApiContract(AUTH_API.updateUser, 'Updates a user')
  async update({ access, body, client }: ContractCall<typeof AUTH_API.updateUser>) {
    return apiOk(await this.users.update(access, body, client), USER.updated);
  }

  @ApiContract(AUTH_API.userStatus, 'Activates or inactivates a user (inactivating ends the sessions)')
  async status({ access, body, client }: ContractCall<typeof AUTH_API.userStatus>) {
    return apiOk(
      await this.users.setStatus(access, body.id, body.isActive, client),
      body.isActive ? USER.activated : USER.inactivated,
    );
  }

  @ApiContract(AUTH_API.unblockUser, 'Unlocks an account locked by failed logins')
  async unblock({ access, body, client }: ContractCall<typeof AUTH_API.unblockUser>) {
    return apiOk(await this.users.unblock(access, body.id, client), USER_MESSAGES.unblocked);
  }
}
