import { defineApi } from '../api/endpoint.js';

/**
 * The cases service's API (under /api/cases through the gateway). Empty until the issue that writes the service:
 * each route is added here first (method, path, access, body, data, errors), then mounted with
 * `@ApiContract(CASES_API.x)` and called with the typed client (libs/api-client). See auth/endpoints.ts.
 */
export const CASES_API = defineApi('cases', {});
export type CasesApi = typeof CASES_API;
