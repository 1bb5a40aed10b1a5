import { defineApi } from '../api/endpoint.js';
import { AVAILABILITY_ENDPOINTS } from './availability-endpoints.js';
import { COMPANY_ENDPOINTS } from './company-endpoints.js';
import { DASHBOARD_ENDPOINTS } from './dashboard-endpoints.js';
import { DEPARTMENT_ENDPOINTS } from './department-endpoints.js';
import { DOCTOR_ENDPOINTS } from './doctor-endpoints.js';
import { ENTITY_ENDPOINTS } from './entity-endpoints.js';
import { ORG_ENDPOINTS } from './org-endpoints.js';
import { PASSWORD_ENDPOINTS } from './password-endpoints.js';
import { PREFERENCE_ENDPOINTS } from './preference-endpoints.js';
import { PROFILE_ENDPOINTS } from './profile-endpoints.js';
import { REFERRAL_ENDPOINTS } from './referral-endpoints.js';
import { ROLE_ENDPOINTS } from './role-endpoints.js';
import { SESSION_ENDPOINTS } from './session-endpoints.js';
import { USER_ENDPOINTS } from './user-endpoints.js';

/**
 * The auth service's API (under /api/auth through the gateway): paths as in spec §7 where it gives them,
 * designed where it does not. Each entry names the privilege it needs; the service refuses what the caller's
 * configuration lacks (403) whatever the console shows. Bodies may be encrypted ({ data }) with x-encrypted: true.
 * `errors` lists what a route's own logic answers besides the defaults of its access rule (errorStatusesOf).
 * Lists name the columns they sort by (the keys of the auth repositories' sort maps) and their filters.
 */
export const AUTH_API = defineApi('auth', {
  ...SESSION_ENDPOINTS,
  ...PASSWORD_ENDPOINTS,
  ...AVAILABILITY_ENDPOINTS,
  ...ROLE_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...ORG_ENDPOINTS,
  ...DEPARTMENT_ENDPOINTS,
  ...ENTITY_ENDPOINTS,
  ...DOCTOR_ENDPOINTS,
  ...REFERRAL_ENDPOINTS,
  ...PROFILE_ENDPOINTS,
  ...PREFERENCE_ENDPOINTS,
  ...COMPANY_ENDPOINTS,
  ...DASHBOARD_ENDPOINTS,
});
export type AuthApi = typeof AUTH_API;
