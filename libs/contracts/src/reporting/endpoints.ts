import { defineApi } from '../api/endpoint.js';

/**
 * The reporting service's API (under /api/reporting through the gateway). Empty until the issue that writes the service:
 * each route is added here first (method, path, access, body, data, errors), then mounted with
 * `@ApiContract(REPORTING_API.x)` and called with the typed client (libs/api-client). See auth/endpoints.ts.
 */
export const REPORTING_API = defineApi('reporting', {});
export type ReportingApi = typeof REPORTING_API;
