import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Profile, PROFILE_IMAGE_TYPES } from '@rayworks/contracts';
import { runInTenant, StorageService, type Principal } from '@rayworks/nest-kit';
import { textOrNull, type Row } from '../../database/sql.js';
import { UsersRepository } from '../users/users.repository.js';

/** The images a user keeps on their profile, each under its own prefix of the user's folder in the object store. */
export const PROFILE_IMAGES = {
  signature: { folder: 'signature', message: 'The signature file was not uploaded' },
  logo: { folder: 'logo', message: 'The picture was not uploaded' },
} as const;
export type ProfileImage = keyof typeof PROFILE_IMAGES;
const EXTENSIONS: Record<(typeof PROFILE_IMAGE_TYPES)[number], string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
const imagePrefix = (p: Pick<Principal, 'tenantId' | 'userId'>, image: ProfileImage) =>
  `tenants/${p.tenantId}/users/${p.userId}/${PROFILE_IMAGES[image].folder}/`;

/** How long the URL of the user's picture in the logged-in user (kept by the console for the session) stays valid. */
export const LOGO_URL_SECONDS = 12 * 3600;

/** The caller's own profile (/profile): specialization, qualification, signature and picture in the object store. */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  get(principal: Principal): Promise<Profile> {
    return runInTenant(this.dataSource, principal.tenantId, async (m) => this.toProfile(await this.own(m, principal)));
  }

  setSpecialization(
    principal: Principal,
    specialization: string[],
    qualificationName: string | null | undefined,
  ): Promise<Profile> {
    return runInTenant(this.dataSource, principal.tenantId, async (m) => {
      await this.own(m, principal);
      await this.users.setProfile(m, principal.userId, {
        specialization,
        ...(qualificationName === undefined ? {} : { qualificationName }),
      });
      return this.toProfile(await this.own(m, principal));
    });
  }

  /** A presigned PUT for a new image under the caller's own prefix; the key is the fileID. */
  async imageUploadUrl(
    principal: Principal,
    image: ProfileImage,
    contentType: (typeof PROFILE_IMAGE_TYPES)[number],
  ): Promise<{ uploadUrl: string; fileID: string }> {
    const fileID = `${imagePrefix(principal, image)}${randomUUID()}.${EXTENSIONS[contentType]}`;
    return { uploadUrl: await this.storage.presignPut(fileID, contentType, 900), fileID };
  }

  /** Keeps an uploaded image: only a file under the caller's own prefix for that image that exists in the store. */
  async setImage(principal: Principal, image: ProfileImage, fileID: string): Promise<Profile> {
    if (
      !fileID.startsWith(imagePrefix(principal, image)) ||
      fileID.includes('..') ||
      !(await this.storage.exists(fileID))
    ) {
      throw new BadRequestException(PROFILE_IMAGES[image].message);
    }
    return runInTenant(this.dataSource, principal.tenantId, async (m) => {
      await this.own(m, principal);
      await this.users.setProfile(
        m,
        principal.userId,
        image === 'logo' ? { logoFileId: fileID } : { signatureFileId: fileID },
      );
      return this.toProfile(await this.own(m, principal));
    });
  }

  private async own(m: Parameters<UsersRepository['findById']>[0], principal: Principal): Promise<Row> {
    const row = await this.users.findById(m, principal.userId);
    if (!row) throw new NotFoundException();
    return row;
  }

  private async toProfile(r: Row): Promise<Profile> {
    const signature = textOrNull(r.signature_file_id);
    const logo = textOrNull(r.logo_file_id);
    return {
      _id: String(r.id),
      fullName: `${r.first_name} ${r.last_name}`.trim(),
      email: String(r.email),
      phoneNumber: textOrNull(r.phone_number),
      roleName: String(r.role_name),
      specialization: Array.isArray(r.specialization) ? r.specialization.map(String) : [],
      qualificationName: textOrNull(r.qualification_name),
      signature: signature ? { fileID: signature, url: await this.storage.presignGet(signature, 300) } : null,
      logo: logo ? { fileID: logo, url: await this.storage.presignGet(logo, LOGO_URL_SECONDS) } : null,
    };
  }
}
