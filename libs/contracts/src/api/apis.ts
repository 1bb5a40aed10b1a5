import type { ServiceName } from '../services/services.js';
import type { Endpoint } from './endpoint.js';
import { AUTH_API } from '../auth/endpoints.js';
import { BILLING_API } from '../billing/endpoints.js';
import { CASES_API } from '../cases/endpoints.js';
import { IMAGING_API } from '../imaging/endpoints.js';
import { LIMS_API } from '../lims/endpoints.js';
import { REPORTING_API } from '../reporting/endpoints.js';
import { DEAD_LETTERS_API } from '../operations/dead-letters.js';

/**
 * Every service's API by service: what the OpenAPI checks walk, and where a new service's map is registered. Each
 * also answers the kit's operator routes (dead letters: libs/contracts operations/dead-letters.ts).
 */
export const SERVICE_APIS: Record<ServiceName, Readonly<Record<string, Endpoint>>> = {
  auth: { ...AUTH_API, ...DEAD_LETTERS_API.auth },
  cases: { ...CASES_API, ...DEAD_LETTERS_API.cases },
  reporting: { ...REPORTING_API, ...DEAD_LETTERS_API.reporting },
  billing: { ...BILLING_API, ...DEAD_LETTERS_API.billing },
  lims: { ...LIMS_API, ...DEAD_LETTERS_API.lims },
  imaging: { ...IMAGING_API, ...DEAD_LETTERS_API.imaging },
};
