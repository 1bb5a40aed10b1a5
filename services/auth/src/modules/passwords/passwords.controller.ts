import { Controller, Headers, Inject } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AUTH_API, AUTH_HEADERS, AUTH_MESSAGES } from '@rayworks/contracts';
import {
  AllowDuringPasswordReset,
  apiOk,
  ApiContract,
  ContractBody,
  CurrentAccess,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { Client, type ClientInfo } from '../access/client-info.js';
import { PasswordsService } from './passwords.service.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;

@ApiTags('passwords')
@Controller()
export class PasswordsController {
  constructor(@Inject(PasswordsService) private readonly passwords: PasswordsService) {}

  /** Body { newPassword, oldPassword, email } (spec §7); the password / oldpassword headers are read when the body lacks them. */
  @ApiContract(AUTH_API.updatePassword, 'Changes the caller’s password; every session of the user ends')
  @ApiHeader({ name: AUTH_HEADERS.password, required: false, description: 'The new password, when not in the body.' })
  @ApiHeader({
    name: AUTH_HEADERS.oldPassword,
    required: false,
    description: 'The current password, when not in the body.',
  })
  @AllowDuringPasswordReset()
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.updatePassword) body: Body<'updatePassword'>,
    @Headers(AUTH_HEADERS.password) headerNew: string | undefined,
    @Headers(AUTH_HEADERS.oldPassword) headerOld: string | undefined,
    @Client() client: ClientInfo,
  ) {
    await this.passwords.change(access, body.oldPassword ?? headerOld, body.newPassword ?? headerNew, client);
    return apiOk(null, AUTH_MESSAGES.passwordUpdated);
  }

  @ApiContract(
    AUTH_API.forgotPassword,
    'E-mails a single-use reset link, if the login name exists (the answer is the same either way)',
  )
  async forgot(@ContractBody(AUTH_API.forgotPassword) body: Body<'forgotPassword'>, @Client() client: ClientInfo) {
    await this.passwords.forgot(body.loginName, client);
    return apiOk(null, AUTH_MESSAGES.resetLinkSent);
  }

  @ApiContract(AUTH_API.resetPassword, 'Sets a new password from the e-mailed link; the link works once')
  async reset(@ContractBody(AUTH_API.resetPassword) body: Body<'resetPassword'>, @Client() client: ClientInfo) {
    await this.passwords.reset(body.resetToken, body.newPassword, body.confirmPassword, client);
    return apiOk(null, AUTH_MESSAGES.passwordResetDone);
  }
}
