import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { Credentials } from '@rayworks/api-client';
import { REPORTING_MESSAGES } from '@rayworks/contracts';
import { imageTypeOf, StorageService } from '@rayworks/nest-kit';
import { AuthProfileClient } from './auth-profile.client.js';

/** The object key of a pathologist's signature copied for the lab (one per company and signature file). */
export const labSignatureKeyOf = (tenantId: string, fileID: string): string =>
  `lims/${tenantId}/signatures/${fileID.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/** Who signs results, and the copy of their signature the lab reports print. */
export interface PathologistSignature {
  doctorName: string;
  qualification: string | null;
  key: string;
}

/**
 * The signer of lab results, as reporting's ReportSigner signs a report (docs/decisions/0309): the caller's profile
 * from auth (400 'Please Upload Signature In Profile' without a signature, or when its image is not in the store),
 * the image copied under the lab's own key — a signature file is never rewritten (a new upload is a new file), so the
 * copy stays the signature the results were signed with.
 */
@Injectable()
export class PathologistSigner {
  constructor(
    @Inject(AuthProfileClient) private readonly profiles: AuthProfileClient,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  async signature(caller: Credentials, tenantId: string): Promise<PathologistSignature> {
    const profile = await this.profiles.get(caller);
    if (!profile.signature) throw new BadRequestException(REPORTING_MESSAGES.uploadSignature);
    const fileID = profile.signature.fileID;
    let bytes: Buffer;
    try {
      bytes = await this.storage.get(fileID);
    } catch {
      throw new BadRequestException(REPORTING_MESSAGES.uploadSignature);
    }
    const type = imageTypeOf(bytes);
    if (!type) throw new BadRequestException(REPORTING_MESSAGES.uploadSignature);
    const key = labSignatureKeyOf(tenantId, fileID);
    await this.storage.put(key, bytes, type);
    return { doctorName: profile.fullName, qualification: profile.qualificationName ?? null, key };
  }
}
