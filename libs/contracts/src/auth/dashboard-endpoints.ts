import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { dashboardCountsSchema } from './entities.js';
import { none } from './endpoint-fields.js';

const { VIEW } = GENERIC;

/** The dashboard's counts (services/auth dashboard). */
export const DASHBOARD_ENDPOINTS = {
  dashboardCount: ep({
    method: 'POST',
    path: '/admin/dashboard/count',
    access: requirement('DASHBOARD', VIEW),
    body: none,
    data: dashboardCountsSchema,
  }),
};
