import { defineApi } from '../api/endpoint.js';
import { PATIENT_ENDPOINTS } from './patient-endpoints.js';

/**
 * The billing service's API (under /api/billing through the gateway): one file of endpoints per module of the service
 * (`<module>-endpoints.ts`), joined here. See docs/adding-a-module.md.
 */
export const BILLING_API = defineApi('billing', { ...PATIENT_ENDPOINTS });
export type BillingApi = typeof BILLING_API;
