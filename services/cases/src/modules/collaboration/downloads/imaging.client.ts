import { Inject, Injectable } from '@nestjs/common';
import { ApiClient, type Credentials } from '@rayworks/api-client';
import { IMAGING_API, type Download } from '@rayworks/contracts';
import { CASES_ENV, type CasesEnv } from '../../../config/env.js';

/**
 * The imaging service's API as the cases service calls it: the typed client, straight to the service (no gateway),
 * with the caller's own credentials, so imaging applies its own access rules (CASE_DOWNLOAD) and audit.
 */
@Injectable()
export class ImagingClient {
  private readonly client: ApiClient;

  /** Where imaging answers: SERVICE_URL_IMAGING (config/env.ts; by default its local port on the loopback). */
  constructor(@Inject(CASES_ENV) env: CasesEnv) {
    this.client = new ApiClient({ baseUrl: () => env.SERVICE_URL_IMAGING, renewTokens: false });
  }

  /** Starts (or reuses) the zip of a study (imaging's /Dicom/downloadZip). */
  downloadZip(caller: Credentials, studyInstanceUid: string): Promise<Download> {
    return this.client.call(IMAGING_API.downloadZip, { studyInstanceUid }, { session: caller, encrypted: false });
  }
}
