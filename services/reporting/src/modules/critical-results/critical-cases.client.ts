import { Injectable, NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import { ApiClient, ApiError, type Credentials } from '@rayworks/api-client';
import { CASE_MESSAGES, CASES_API, SERVICE_PORTS, type Case } from '@rayworks/contracts';

/** Where the cases service answers (SERVICE_URL_CASES; by default its local port on the loopback). */
export const casesUrlOf = (env: Record<string, string | undefined> = process.env): string =>
  z
    .url()
    .default(`http://127.0.0.1:${SERVICE_PORTS.cases}`)
    .parse(env.SERVICE_URL_CASES || undefined)
    .replace(/\/+$/, '');

/** A case as critical results and interoperability need it, with the company it belongs to. */
export type SeenCase = Case & { tenantId: string };

/**
 * The case as the caller may see it: cases' /cases/findOne with the caller's own credentials (cases applies its
 * reach: 404 otherwise), with the company the work around it runs in (the case's `companyId`). The reports module's
 * CasesClient asks the same; this one adds the company as `tenantId` for the critical and interop modules.
 */
@Injectable()
export class CriticalCasesClient {
  private readonly client = new ApiClient({ baseUrl: () => casesUrlOf(), renewTokens: false });

  async find(caller: Credentials, caseId: string): Promise<SeenCase> {
    let found: Case;
    try {
      found = await this.client.call(CASES_API.findOneCase, { _id: caseId }, { session: caller, encrypted: false });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403))
        throw new NotFoundException(CASE_MESSAGES.notFound);
      throw error;
    }
    return { ...found, tenantId: found.companyId };
  }
}
