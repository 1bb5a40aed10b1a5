import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { Credentials } from '@rayworks/api-client';
import { REPORTING_MESSAGES, type ReportDoctorInfo } from '@rayworks/contracts';
import { StorageService } from '@rayworks/nest-kit';
import { AuthProfileClient } from './auth-profile.client.js';

/** The object key of a signature image copied into a report (one per report and signature file). */
export const signatureKeyOf = (tenantId: string, reportId: string, fileID: string): string =>
  `reports/${tenantId}/${reportId}/signature-${fileID.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/** Who signs a report or an addendum, and the copy of their signature it keeps. */
export interface Signer {
  doctorInfo: ReportDoctorInfo;
  key: string;
}

/**
 * The signer of a report or addendum: the caller's profile (400 'Please Upload Signature In Profile' without a
 * signature), the signature image's bytes copied under the report's own key, so the report keeps the signature it
 * was signed with.
 */
@Injectable()
export class ReportSigner {
  constructor(
    @Inject(AuthProfileClient) private readonly profiles: AuthProfileClient,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  async sign(caller: Credentials, tenantId: string, reportId: string): Promise<Signer> {
    const profile = await this.profiles.get(caller);
    if (!profile.signature) throw new BadRequestException(REPORTING_MESSAGES.uploadSignature);
    const fileID = profile.signature.fileID;
    const key = signatureKeyOf(tenantId, reportId, fileID);
    let bytes: Buffer;
    try {
      bytes = await this.storage.get(fileID);
    } catch {
      throw new BadRequestException(REPORTING_MESSAGES.uploadSignature);
    }
    await this.storage.put(key, bytes, contentTypeOf(bytes));
    return {
      doctorInfo: { doctorName: profile.fullName, qualificationName: profile.qualificationName, signature: { fileID } },
      key,
    };
  }
}

/** PNG or JPEG by its magic bytes (a profile signature is one of them). */
function contentTypeOf(bytes: Buffer): string {
  if (bytes.subarray(0, 4).toString('hex') === '89504e47') return 'image/png';
  if (bytes.subarray(0, 3).toString('hex') === 'ffd8ff') return 'image/jpeg';
  return 'application/octet-stream';
}
