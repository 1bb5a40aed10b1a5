import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Profile, PROFILE_IMAGE_TYPES } from '@rayworks/contracts';
import { StorageService, UnitOfWork, type Principal, type ReadTx } from '@rayworks/nest-kit';
import type { ClientInfo } from '../access/client-info.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { UsersPublisher } from '../users/users.publisher.js';
import { UsersRepository } from '../users/users.repository.js';
import { fullNameOf, type UserView } from '../users/user.view.js';

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
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(UsersPublisher) private readonly publisher: UsersPublisher,
  ) {}

  get(principal: Principal): Promise<Profile> {
    return this.uow.read(principal, async (tx) => this.toProfile(await this.own(tx, principal)));
  }

  setSpecialization(
    principal: Principal,
    specialization: string[],
    qualificationName: string | null | undefined,
  ): Promise<Profile> {
    return this.uow.change(principal, async (tx) => {
      await this.own(tx, principal);
      await this.users.setProfile(tx, principal.userId, {
        specialization,
        ...(qualificationName === undefined ? {} : { qualificationName }),
      });
      const user = await this.own(tx, principal);
      // The worklist assigns by specialization: its read model learns it from UserUpdated.
      await this.publisher.publish(tx, user, false);
      return this.toProfile(user);
    });
  }

  /**
   * A presigned PUT for a new image under the caller's own prefix; the key is the fileID. The type and the size
   * (at most PROFILE_IMAGE_MAX_BYTES, by the contract) are signed: the store refuses any other.
   */
  async imageUploadUrl(
    principal: Principal,
    image: ProfileImage,
    contentType: (typeof PROFILE_IMAGE_TYPES)[number],
    size: number,
  ): Promise<{ uploadUrl: string; fileID: string }> {
    const fileID = `${imagePrefix(principal, image)}${randomUUID()}.${EXTENSIONS[contentType]}`;
    return { uploadUrl: await this.storage.presignPut(fileID, contentType, size, 900), fileID };
  }

  /**
   * Keeps an uploaded image: only a file under the caller's own prefix for that image that exists in the store.
   * The upload is an audit entry (SIGNATURE_UPLOAD, PICTURE_UPLOAD): a signature signs reports.
   */
  async setImage(principal: Principal, image: ProfileImage, fileID: string, client: ClientInfo): Promise<Profile> {
    if (
      !fileID.startsWith(imagePrefix(principal, image)) ||
      fileID.includes('..') ||
      !(await this.storage.exists(fileID))
    ) {
      throw new BadRequestException(PROFILE_IMAGES[image].message);
    }
    return this.uow.change(principal, async (tx) => {
      await this.own(tx, principal);
      await this.users.setProfile(
        tx,
        principal.userId,
        image === 'logo' ? { logoFileId: fileID } : { signatureFileId: fileID },
      );
      await tx.audit({
        action: image === 'signature' ? AUDIT_ACTIONS.signatureUpload : AUDIT_ACTIONS.pictureUpload,
        target: { type: 'file', id: fileID },
        client,
      });
      return this.toProfile(await this.own(tx, principal));
    });
  }

  private async own(tx: ReadTx, principal: Principal): Promise<UserView> {
    const user = await this.users.view(tx, principal.userId);
    if (!user) throw new NotFoundException();
    return user;
  }

  private async toProfile(user: UserView): Promise<Profile> {
    const signature = user.signatureFileId;
    const logo = user.logoFileId;
    return {
      _id: user.id,
      fullName: fullNameOf(user),
      email: user.email,
      phoneNumber: user.phoneNumber,
      roleName: user.roleName,
      specialization: user.specialization,
      qualificationName: user.qualificationName,
      signature: signature ? { fileID: signature, url: await this.storage.presignGet(signature, 300) } : null,
      logo: logo ? { fileID: logo, url: await this.storage.presignGet(logo, LOGO_URL_SECONDS) } : null,
    };
  }
}
