import { defineApi } from '../api/endpoint.js';

/**
 * The lims service's API (under /api/lims through the gateway). Empty until the issue that writes the service:
 * each route is added here first (method, path, access, body, data, errors), then mounted with
 * `@ApiContract(LIMS_API.x)` and called with the typed client (libs/api-client). See auth/endpoints.ts.
 */
export const LIMS_API = defineApi('lims', {});
export type LimsApi = typeof LIMS_API;
