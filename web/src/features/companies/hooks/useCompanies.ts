import { AUTH_API, COMPANY_MESSAGES, CONSOLE_ROUTES, type Company, type companyInputSchema } from '@rayworks/contracts';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { callApi } from '../../../api/client';
import { pageFetcher } from '../../../api/queries';
import { useRecordMutation } from '../../../shared/directory/useRecordMutation';

export const COMPANIES = 'companies';
export const fetchCompaniesPage = pageFetcher<Company>(AUTH_API.getCompanies);

/** Adds a company with its first admin (POST /create/company) and goes back to the list. */
export function useCreateCompany() {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: z.output<typeof companyInputSchema>) => (await callApi(AUTH_API.createCompany, { body })).data,
    message: COMPANY_MESSAGES.created,
    refresh: [COMPANIES],
    then: () => navigate(CONSOLE_ROUTES.companies),
  });
}

/** Suspends an active company or resumes a suspended one, after `first` (the confirmation closes). */
export function useCompanyStatus(company: Company, first: () => void) {
  const suspend = company.isActive;
  return useRecordMutation({
    call: async () =>
      (await callApi(suspend ? AUTH_API.suspendCompany : AUTH_API.resumeCompany, { body: { id: company._id } })).data,
    message: suspend ? COMPANY_MESSAGES.suspended : COMPANY_MESSAGES.resumed,
    refresh: [COMPANIES],
    first,
  });
}
