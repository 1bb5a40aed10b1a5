import { defineApi } from '../api/endpoint.js';
import { CRITICAL_ENDPOINTS } from './critical-endpoints.js';
import { DICTATION_ENDPOINTS } from './dictation-endpoints.js';
import { LAYOUT_ENDPOINTS } from './layout-endpoints.js';
import { OUTPUT_ENDPOINTS } from './output-endpoints.js';
import { PRIOR_REPORT_ENDPOINTS } from './prior-report-endpoints.js';
import { REPORT_ENDPOINTS } from './report-endpoints.js';
import { REPORT_PDF_ENDPOINTS } from './report-pdf-endpoints.js';
import { TEMPLATE_ENDPOINTS } from './template-endpoints.js';

/**
 * The reporting service's API (under /api/reporting through the gateway), one file per area (spec §7 paths word for
 * word where the spec names them): reports, templates and macros, the layout configuration, output (print HTML, PDF,
 * delivery), critical results and interoperability. Each route is mounted with `@ApiContract(REPORTING_API.x)` and
 * called with the typed client (libs/api-client).
 */
export const REPORTING_API = defineApi('reporting', {
  ...REPORT_ENDPOINTS,
  ...TEMPLATE_ENDPOINTS,
  ...LAYOUT_ENDPOINTS,
  ...OUTPUT_ENDPOINTS,
  ...REPORT_PDF_ENDPOINTS,
  ...CRITICAL_ENDPOINTS,
  ...PRIOR_REPORT_ENDPOINTS,
  ...DICTATION_ENDPOINTS,
});
export type ReportingApi = typeof REPORTING_API;
