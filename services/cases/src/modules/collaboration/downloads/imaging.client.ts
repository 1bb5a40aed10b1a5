import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { ApiClient, type Credentials } from '@rayworks/api-client';
import { IMAGING_API, SERVICE_PORTS, type Download } from '@rayworks/contracts';

/** Where the imaging service answers (SERVICE_URL_IMAGING; by default its local port on the loopback). */
export const imagingUrlOf = (env: Record<string, string | undefined> = process.env): string =>
  z
    .url()
    .default(`http://127.0.0.1:${SERVICE_PORTS.imaging}`)
    .parse(env.SERVICE_URL_IMAGING || undefined)
    .replace(/\/+$/, '');

/**
 * The imaging service's API as the cases service calls it: the typed client, straight to the service (no gateway),
 * with the caller's own credentials, so imaging applies its own access rules (CASE_DOWNLOAD) and audit.
 */
@Injectable()
export class ImagingClient {
  private readonly client = new ApiClient({ baseUrl: () => imagingUrlOf(), renewTokens: false });

  /** Starts (or reuses) the zip of a study (imaging's /Dicom/downloadZip). */
  downloadZip(caller: Credentials, studyInstanceUid: string): Promise<Download> {
    return this.client.call(IMAGING_API.downloadZip, { studyInstanceUid }, { session: caller, encrypted: false });
  }
}
