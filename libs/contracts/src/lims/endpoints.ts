import { defineApi } from '../api/endpoint.js';
import { ANALYZER_ENDPOINTS } from './analyzer-endpoints.js';
import { LAB_CATALOGUE_ENDPOINTS } from './catalogue-endpoints.js';
import { OUTSOURCING_ENDPOINTS } from './outsourcing-endpoints.js';
import { LAB_REPORT_ENDPOINTS } from './report-endpoints.js';
import { RESULT_ENDPOINTS } from './result-endpoints.js';
import { SAMPLE_ENDPOINTS } from './sample-endpoints.js';

/**
 * The lims service's API (under /api/lims through the gateway): one file of endpoints per module of the service
 * (`<area>-endpoints.ts`), joined here. See docs/adding-a-module.md.
 */
export const LIMS_API = defineApi('lims', {
  ...LAB_CATALOGUE_ENDPOINTS,
  ...SAMPLE_ENDPOINTS,
  ...ANALYZER_ENDPOINTS,
  ...RESULT_ENDPOINTS,
  ...LAB_REPORT_ENDPOINTS,
  ...OUTSOURCING_ENDPOINTS,
});
export type LimsApi = typeof LIMS_API;
