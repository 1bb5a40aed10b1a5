import { Controller, Headers, Inject } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { AUTH_API, AUTH_HEADERS, AUTH_MESSAGES } from '@rayworks/contracts';
import { AllowDuringPasswordReset, apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { PasswordsService } from './passwords.service.js';

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
    { access, body, client }: ContractCall<typeof AUTH_API.updatePassword>,
    @Headers(AUTH_HEADERS.password) headerNew: string | undefined,
    @Headers(AUTH_HEADERS.oldPassword) headerOld: string | undefined,
  ) {
    await this.passwords.change(access, body.oldPassword ?? headerOld, body.newPassword ?? headerNew, client);
    return apiOk(null, AUTH_MESSAGES.passwordUpdated);
  }

  @ApiContract(
    AUTH_API.forgotPassword,
    'E-mails a single-use reset link, if the login name exists (the answer is the same either way)',
  )
  async forgot({ body, client }: ContractCall<typeof AUTH_API.forgotPassword>) {
    await this.passwords.forgot(body.loginName, client);
    return apiOk(null, AUTH_MESSAGES.resetLinkSent);
  }

  @ApiContract(AUTH_API.resetPassword, 'Sets a new password from the e-mailed link; the link works once')
  async reset({ body, client }: ContractCall<typeof AUTH_API.resetPassword>) {
    await this.passwords.reset(body.resetToken, body.newPassword, body.confirmPassword, client);
    return apiOk(null, AUTH_MESSAGES.passwordResetDone);
  }
}
