import { defineApi } from '../api/endpoint.js';

/**
 * The billing service's API (under /api/billing through the gateway). Empty until the issue that writes the service:
 * each route is added here first (method, path, access, body, data, errors), then mounted with
 * `@ApiContract(BILLING_API.x)` and called with the typed client (libs/api-client). See auth/endpoints.ts.
 */
export const BILLING_API = defineApi('billing', {});
export type BillingApi = typeof BILLING_API;
