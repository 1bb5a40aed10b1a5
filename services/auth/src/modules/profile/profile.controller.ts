import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentPrincipal, type Principal } from '@rayworks/nest-kit';
import { Client, type ClientInfo } from '../access/client-info.js';
import { ProfileService } from './profile.service.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;
const PROFILE = adminMessages('Profile');

@ApiTags('profile')
@Controller()
export class ProfileController {
  constructor(@Inject(ProfileService) private readonly profile: ProfileService) {}

  @ApiContract(AUTH_API.getProfile, 'The caller’s profile')
  async get(@CurrentPrincipal() principal: Principal, @ContractBody(AUTH_API.getProfile) _body: unknown) {
    return apiOk(await this.profile.get(principal));
  }

  @ApiContract(AUTH_API.setSpecialization, 'Sets the caller’s specializations and qualification')
  async specialization(
    @CurrentPrincipal() principal: Principal,
    @ContractBody(AUTH_API.setSpecialization) body: Body<'setSpecialization'>,
  ) {
    return apiOk(
      await this.profile.setSpecialization(principal, body.specialization, body.qualificationName),
      PROFILE.updated,
    );
  }

  @ApiContract(AUTH_API.signatureUploadUrl, 'A presigned URL to upload a signature image to')
  async uploadUrl(
    @CurrentPrincipal() principal: Principal,
    @ContractBody(AUTH_API.signatureUploadUrl) body: Body<'signatureUploadUrl'>,
  ) {
    return apiOk(await this.profile.imageUploadUrl(principal, 'signature', body.contentType, body.size));
  }

  @ApiContract(AUTH_API.setSignature, 'Keeps the uploaded signature image')
  async signature(
    @CurrentPrincipal() principal: Principal,
    @ContractBody(AUTH_API.setSignature) body: Body<'setSignature'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.profile.setImage(principal, 'signature', body.fileID, client), PROFILE.updated);
  }

  @ApiContract(AUTH_API.logoUploadUrl, 'A presigned URL to upload a picture (the avatar) to')
  async logoUploadUrl(
    @CurrentPrincipal() principal: Principal,
    @ContractBody(AUTH_API.logoUploadUrl) body: Body<'logoUploadUrl'>,
  ) {
    return apiOk(await this.profile.imageUploadUrl(principal, 'logo', body.contentType, body.size));
  }

  @ApiContract(AUTH_API.setLogo, 'Keeps the uploaded picture (the avatar)')
  async logo(
    @CurrentPrincipal() principal: Principal,
    @ContractBody(AUTH_API.setLogo) body: Body<'setLogo'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.profile.setImage(principal, 'logo', body.fileID, client), PROFILE.updated);
  }
}
