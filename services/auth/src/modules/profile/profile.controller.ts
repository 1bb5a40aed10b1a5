import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { ProfileService } from './profile.service.js';

const PROFILE = adminMessages('Profile');

@ApiTags('profile')
@Controller()
export class ProfileController {
  constructor(@Inject(ProfileService) private readonly profile: ProfileService) {}

  @ApiContract(AUTH_API.getProfile, 'The caller’s profile')
  async get({ principal }: ContractCall<typeof AUTH_API.getProfile>) {
    return apiOk(await this.profile.get(principal));
  }

  @ApiContract(AUTH_API.setSpecialization, 'Sets the caller’s specializations and qualification')
  async specialization({ principal, body }: ContractCall<typeof AUTH_API.setSpecialization>) {
    return apiOk(
      await this.profile.setSpecialization(principal, body.specialization, body.qualificationName),
      PROFILE.updated,
    );
  }

  @ApiContract(AUTH_API.signatureUploadUrl, 'A presigned URL to upload a signature image to')
  async uploadUrl({ principal, body }: ContractCall<typeof AUTH_API.signatureUploadUrl>) {
    return apiOk(await this.profile.imageUploadUrl(principal, 'signature', body.contentType, body.size));
  }

  @ApiContract(AUTH_API.setSignature, 'Keeps the uploaded signature image')
  async signature({ principal, body, client }: ContractCall<typeof AUTH_API.setSignature>) {
    return apiOk(await this.profile.setImage(principal, 'signature', body.fileID, client), PROFILE.updated);
  }

  @ApiContract(AUTH_API.logoUploadUrl, 'A presigned URL to upload a picture (the avatar) to')
  async logoUploadUrl({ principal, body }: ContractCall<typeof AUTH_API.logoUploadUrl>) {
    return apiOk(await this.profile.imageUploadUrl(principal, 'logo', body.contentType, body.size));
  }

  @ApiContract(AUTH_API.setLogo, 'Keeps the uploaded picture (the avatar)')
  async logo({ principal, body, client }: ContractCall<typeof AUTH_API.setLogo>) {
    return apiOk(await this.profile.setImage(principal, 'logo', body.fileID, client), PROFILE.updated);
  }
}
