import { defineApi } from '../api/endpoint.js';
import { CATALOGUE_ENDPOINTS } from './catalogue-endpoints.js';
import { DAY_END_ENDPOINTS } from './day-end-endpoints.js';
import { DOCUMENT_ENDPOINTS } from './document-endpoints.js';
import { FUSION_INVOICE_ENDPOINTS } from './fusion-invoice-endpoints.js';
import { INVOICE_BILLING_ENDPOINTS } from './invoice-billing-endpoints.js';
import { PATIENT_ENDPOINTS } from './patient-endpoints.js';
import { PAYMENT_ENDPOINTS } from './payment-endpoints.js';
import { PAYMENT_LINK_ENDPOINTS } from './payment-link-endpoints.js';
import { PRICES_ENDPOINTS } from './prices-endpoints.js';
import { REGISTRATION_ENDPOINTS } from './registration-endpoints.js';

/**
 * The billing service's API (under /api/billing through the gateway): one file of endpoints per module of the service
 * (`<module>-endpoints.ts`), joined here. See docs/adding-a-module.md.
 */
export const BILLING_API = defineApi('billing', {
  ...PATIENT_ENDPOINTS,
  ...CATALOGUE_ENDPOINTS,
  ...PRICES_ENDPOINTS,
  ...INVOICE_BILLING_ENDPOINTS,
  ...PAYMENT_ENDPOINTS,
  ...PAYMENT_LINK_ENDPOINTS,
  ...DOCUMENT_ENDPOINTS,
  ...REGISTRATION_ENDPOINTS,
  ...DAY_END_ENDPOINTS,
  ...FUSION_INVOICE_ENDPOINTS,
});
export type BillingApi = typeof BILLING_API;
