import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { Client, type ClientInfo } from '../access/client-info.js';
import { USER_MESSAGES } from './users.errors.js';
import { UsersService } from './users.service.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;
const USER = adminMessages('User');

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @ApiContract(AUTH_API.findUsers, 'Users, paged, searched and sorted on the server')
  async find(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.findUsers) body: Body<'findUsers'>) {
    return apiOk(await this.users.list(access, body));
  }

  @ApiContract(AUTH_API.getUser, 'One user')
  async get(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getUser) body: Body<'getUser'>) {
    return apiOk(await this.users.get(access, body.id));
  }

  @ApiContract(
    AUTH_API.createUser,
    'Creates a user; a temporary password is e-mailed and must be changed at first login',
  )
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.createUser) body: Body<'createUser'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.users.create(access, body, client), USER.created);
  }

  @ApiContract(AUTH_API.updateUser, 'Updates a user')
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.updateUser) body: Body<'updateUser'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.users.update(access, body, client), USER.updated);
  }

  @ApiContract(AUTH_API.userStatus, 'Activates or inactivates a user (inactivating ends the sessions)')
  async status(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.userStatus) body: Body<'userStatus'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(
      await this.users.setStatus(access, body.id, body.isActive, client),
      body.isActive ? USER.activated : USER.inactivated,
    );
  }

  @ApiContract(AUTH_API.unblockUser, 'Unlocks an account locked by failed logins')
  async unblock(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.unblockUser) body: Body<'unblockUser'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.users.unblock(access, body.id, client), USER_MESSAGES.unblocked);
  }
}
