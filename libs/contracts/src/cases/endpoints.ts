import { defineApi } from '../api/endpoint.js';
import { CASE_ACTION_ENDPOINTS } from './action-endpoints.js';
import { CASE_AUDIT_ENDPOINTS } from './audit-endpoints.js';
import { CASE_COLLABORATION_ENDPOINTS } from './collaboration-endpoints.js';
import { FUSION_ENDPOINTS } from './fusion-endpoints.js';
import { CASE_PATIENT_ENDPOINTS } from './front-desk-endpoints.js';
import { MARKETPLACE_ENDPOINTS } from './marketplace-endpoints.js';
import { CASE_QUERY_ENDPOINTS } from './query-endpoints.js';
import { VIEWER_ENDPOINTS } from './viewer-endpoints.js';

/**
 * The cases service's API (under /api/cases through the gateway), one file per area (spec §7 paths word for
 * word where the spec names them): the worklist's reads, the case machine's transitions, the work around a case,
 * the marketplace and fusion, the viewer, the front desk's patients. Each route is mounted with
 * `@ApiContract(CASES_API.x)` and called with the typed client (libs/api-client).
 */
export const CASES_API = defineApi('cases', {
  ...CASE_QUERY_ENDPOINTS,
  ...CASE_ACTION_ENDPOINTS,
  ...CASE_COLLABORATION_ENDPOINTS,
  ...MARKETPLACE_ENDPOINTS,
  ...FUSION_ENDPOINTS,
  ...CASE_AUDIT_ENDPOINTS,
  ...VIEWER_ENDPOINTS,
  ...CASE_PATIENT_ENDPOINTS,
});
export type CasesApi = typeof CASES_API;
