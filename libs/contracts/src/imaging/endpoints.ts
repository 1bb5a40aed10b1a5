import { defineApi } from '../api/endpoint.js';

/**
 * The imaging service's API (under /api/imaging through the gateway). Empty until the issue that writes the service:
 * each route is added here first (method, path, access, body, data, errors), then mounted with
 * `@ApiContract(IMAGING_API.x)` and called with the typed client (libs/api-client). See auth/endpoints.ts.
 */
export const IMAGING_API = defineApi('imaging', {});
export type ImagingApi = typeof IMAGING_API;
