import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ApiClient, ApiError, type Credentials } from '@rayworks/api-client';
import { CASES_API, type ViewerPrior } from '@rayworks/contracts';
import { REPORTING_ENV, type ReportingEnv } from '../../config/env.js';

/**
 * The cases service's priors of a case (/cases/viewer/priors), asked with the caller's own credentials: the one truth
 * of which cases are a case's priors for this caller (the same patient ID in the case's centre, in the caller's
 * reach, WORKLIST › COMPARE_STUDIES; docs/decisions/0218, 0346). A case out of reach is a 404 here too.
 */
@Injectable()
export class PriorsClient {
  private readonly client: ApiClient;

  constructor(@Inject(REPORTING_ENV) env: ReportingEnv) {
    this.client = new ApiClient({ baseUrl: () => env.SERVICE_URL_CASES, renewTokens: false });
  }

  async priorsOf(caller: Credentials, caseId: string): Promise<ViewerPrior[]> {
    try {
      return (await this.client.call(CASES_API.findViewerPriors, { caseId }, { session: caller, encrypted: false }))
        .priors;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400))
        throw new NotFoundException('Case not found');
      throw error;
    }
  }
}
