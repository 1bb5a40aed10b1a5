import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { companySchema, onboardedCompanySchema } from './entities.js';
import { COMPANY_FIELDS, formBody } from './forms.js';
import { byId, formText } from './endpoint-fields.js';
import { loginNameSchema } from './user-endpoints.js';

const { CREATE, VIEW, ISACTIVE } = GENERIC;

/** A company and its first administrator (the platform operator's form, COMPANY_FIELDS). */
export const companyInputSchema = formBody(
  COMPANY_FIELDS,
  z.object({
    name: formText,
    code: formText,
    adminLoginName: loginNameSchema,
    adminFirstName: formText,
    adminLastName: formText,
    adminEmail: formText,
  }),
);

/**
 * Companies: the platform operator's (PLATFORM module; a company's user never holds it, docs/decisions/0085;
 * services/auth tenants).
 */
export const COMPANY_ENDPOINTS = {
  getCompanies: ep({
    method: 'POST',
    path: '/platform/companies/find',
    access: requirement('COMPANIES', VIEW),
    body: listQuery({ sortBy: ['name', 'code', 'createdAt'] }),
    data: page(companySchema),
  }),
  createCompany: ep({
    method: 'POST',
    path: '/platform/companies/create',
    access: requirement('COMPANIES', CREATE),
    body: companyInputSchema,
    data: onboardedCompanySchema,
    errors: [409],
  }),
  suspendCompany: ep({
    method: 'POST',
    path: '/platform/companies/suspend',
    access: requirement('COMPANIES', ISACTIVE),
    body: byId,
    data: companySchema,
    errors: [404],
  }),
  resumeCompany: ep({
    method: 'POST',
    path: '/platform/companies/resume',
    access: requirement('COMPANIES', ISACTIVE),
    body: byId,
    data: companySchema,
    errors: [404],
  }),
};
