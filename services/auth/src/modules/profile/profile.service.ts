import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Profile } from '@rayworks/contracts';
import { runInTenant, StorageService, type Principal } from '@rayworks/nest-kit';
import { textOrNull, type Row } from '../../database/sql.js';
import { UsersRepository } from '../users/users.repository.js';

const signaturePrefix = (p: Principal) => `tenants/${p.tenantId}/users/${p.userId}/signature/`;
const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export const PROFILE_MESSAGES = { badSignature: 'The signature file was not uploaded' } as const;

/** The caller's own profile (/profile): specialization, qualification, signature image in the object store. */
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

  /** A presigned PUT for a new signature image under the caller's own prefix; the key is the fileID. */
  async signatureUploadUrl(
    principal: Principal,
    contentType: keyof typeof EXTENSIONS,
  ): Promise<{ uploadUrl: string; fileID: string }> {
    const fileID = `${signaturePrefix(principal)}${randomUUID()}.${EXTENSIONS[contentType]}`;
    return { uploadUrl: await this.storage.presignPut(fileID, contentType, 900), fileID };
  }

  /** Keeps an uploaded signature: only a file under the caller's own prefix that exists in the store. */
  async setSignature(principal: Principal, fileID: string): Promise<Profile> {
    if (
      !fileID.startsWith(signaturePrefix(principal)) ||
      fileID.includes('..') ||
      !(await this.storage.exists(fileID))
    ) {
      throw new BadRequestException(PROFILE_MESSAGES.badSignature);
    }
    return runInTenant(this.dataSource, principal.tenantId, async (m) => {
      await this.own(m, principal);
      await this.users.setProfile(m, principal.userId, { signatureFileId: fileID });
      return this.toProfile(await this.own(m, principal));
    });
  }

  private async own(m: Parameters<UsersRepository['findById']>[0], principal: Principal): Promise<Row> {
    const row = await this.users.findById(m, principal.userId);
    if (!row) throw new NotFoundException();
    return row;
  }

  private async toProfile(r: Row): Promise<Profile> {
    const fileID = textOrNull(r.signature_file_id);
    return {
      _id: String(r.id),
      fullName: `${r.first_name} ${r.last_name}`.trim(),
      email: String(r.email),
      phoneNumber: textOrNull(r.phone_number),
      roleName: String(r.role_name),
      specialization: Array.isArray(r.specialization) ? r.specialization.map(String) : [],
      qualificationName: textOrNull(r.qualification_name),
      signature: fileID ? { fileID, url: await this.storage.presignGet(fileID, 300) } : null,
    };
  }
}
