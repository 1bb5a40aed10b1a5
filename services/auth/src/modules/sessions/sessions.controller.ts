import { Controller, Headers, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { AUTH_API, AUTH_HEADERS, AUTH_MESSAGES, isBackgroundRequest } from '@rayworks/contracts';
import {
  AllowDuringPasswordReset,
  apiOk,
  ApiContract,
  bearerToken,
  ContractBody,
  CurrentAccess,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { Client, type ClientInfo } from '../access/client-info.js';
import { SessionsService } from './sessions.service.js';

@ApiTags('sessions')
@Controller()
export class SessionsController {
  constructor(@Inject(SessionsService) private readonly sessions: SessionsService) {}

  @ApiContract(AUTH_API.login, 'Logs in with the loginname and password headers; answers the user session of spec §3')
  @ApiHeader({ name: AUTH_HEADERS.loginName, required: true })
  @ApiHeader({ name: AUTH_HEADERS.password, required: true })
  async login(
    @Headers(AUTH_HEADERS.loginName) loginName: string | undefined,
    @Headers(AUTH_HEADERS.password) password: string | undefined,
    @ContractBody(AUTH_API.login) _body: unknown,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.sessions.login(loginName, password, client));
  }

  @ApiContract(AUTH_API.logout, 'Ends the session')
  @AllowDuringPasswordReset()
  async logout(@CurrentAccess() access: RequestAccess, @Client() client: ClientInfo) {
    await this.sessions.logout(access, client);
    return apiOk(null, AUTH_MESSAGES.loggedOut);
  }

  @ApiContract(AUTH_API.config, "The caller's permission configuration")
  @AllowDuringPasswordReset()
  config(@CurrentAccess() access: RequestAccess) {
    return apiOk(this.sessions.config(access));
  }

  /** Public as far as the guard goes: it checks the (possibly expired) token and the live session itself. */
  @ApiContract(AUTH_API.refreshToken, 'A new access token for a live session (the old one may have expired)')
  @ApiBearerAuth()
  @ApiHeader({ name: AUTH_HEADERS.sessionToken, required: true })
  async refresh(
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
