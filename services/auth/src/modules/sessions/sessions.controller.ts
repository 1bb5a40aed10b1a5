import { Controller, Headers, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { AUTH_API, AUTH_HEADERS, AUTH_MESSAGES, isBackgroundRequest } from '@rayworks/contracts';
import { AllowDuringPasswordReset, apiOk, ApiContract, bearerToken, type ContractCall } from '@rayworks/nest-kit';
import { SessionsService } from './sessions.service.js';

@ApiTags('sessions')
@Controller()
export class SessionsController {
  constructor(@Inject(SessionsService) private readonly sessions: SessionsService) {}

  @ApiContract(AUTH_API.login, 'Logs in with the loginname and password headers; answers the user session of spec §3')
  @ApiHeader({ name: AUTH_HEADERS.loginName, required: true })
  @ApiHeader({ name: AUTH_HEADERS.password, required: true })
  async login(
    { client }: ContractCall<typeof AUTH_API.login>,
    @Headers(AUTH_HEADERS.loginName) loginName: string | undefined,
    @Headers(AUTH_HEADERS.password) password: string | undefined,
  ) {
    return apiOk(await this.sessions.login(loginName, password, client));
  }

  @ApiContract(AUTH_API.logout, 'Ends the session', { body: 'unread' })
  @AllowDuringPasswordReset()
  async logout({ access, client }: ContractCall<typeof AUTH_API.logout>) {
    await this.sessions.logout(access, client);
    return apiOk(null, AUTH_MESSAGES.loggedOut);
  }

  @ApiContract(AUTH_API.config, "The caller's permission configuration", { body: 'unread' })
  @AllowDuringPasswordReset()
  config({ access }: ContractCall<typeof AUTH_API.config>) {
    return apiOk(this.sessions.config(access));
  }

  /** Public as far as the guard goes: it checks the (possibly expired) token and the live session itself. */
  @ApiContract(AUTH_API.refreshToken, 'A new access token for a live session (the old one may have expired)', {
    body: 'unread',
  })
  @ApiBearerAuth()
  @ApiHeader({ name: AUTH_HEADERS.sessionToken, required: true })
  async refresh(
    _call: ContractCall<typeof AUTH_API.refreshToken>,
    @Headers(AUTH_HEADERS.authorization) authorization: string | undefined,
    @Headers(AUTH_HEADERS.sessionToken) sessionToken: string | undefined,
    @Req() req: Request,
  ) {
    return apiOk(
      await this.sessions.refresh(bearerToken(authorization), sessionToken, {
        background: isBackgroundRequest(req.headers),
      }),
    );
  }
}
