import type { ServiceName } from '../services/services.js';
import type { Endpoint } from './endpoint.js';
import { AUTH_API } from '../auth/endpoints.js';
import { BILLING_API } from '../billing/endpoints.js';
import { CASES_API } from '../cases/endpoints.js';
import { IMAGING_API } from '../imaging/endpoints.js';
import { LIMS_API } from '../lims/endpoints.js';
import { REPORTING_API } from '../reporting/endpoints.js';

/** Every service's API by service: what the OpenAPI checks walk, and where a new service's map is registered. */
export const SERVICE_APIS: Record<ServiceName, Readonly<Record<string, Endpoint>>> = {
  auth: AUTH_API,
  cases: CASES_API,
  reporting: REPORTING_API,
  billing: BILLING_API,
  lims: LIMS_API,
  imaging: IMAGING_API,
};
