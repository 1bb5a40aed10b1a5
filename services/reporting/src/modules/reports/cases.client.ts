import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ApiClient, ApiError, type Credentials } from '@rayworks/api-client';
import { CASES_API, type Case } from '@rayworks/contracts';
import { REPORTING_ENV, type ReportingEnv } from '../../config/env.js';

/**
 * The cases service as reporting asks it: the typed client, straight to the service, with the caller's own
 * credentials, so cases applies its reach rules — a case the caller cannot see is a 404 here too. Every reporting
 * call starts here (the case's facts and its company), the other reporting modules included.
 */
@Injectable()
export class CasesClient {
  private readonly client: ApiClient;

  /** Where cases answers: SERVICE_URL_CASES (config/env.ts; by default its local port on the loopback). */
  constructor(@Inject(REPORTING_ENV) env: ReportingEnv) {
    this.client = new ApiClient({ baseUrl: () => env.SERVICE_URL_CASES, renewTokens: false });
  }

  /** The case as the caller may see it, or 404. */
  async findOne(caller: Credentials, caseId: string): Promise<Case> {
    try {
      return await this.client.call(CASES_API.findOneCase, { _id: caseId }, { session: caller, encrypted: false });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400))
        throw new NotFoundException('Case not found');
      throw error;
    }
  }
}
