import { AUTH_API, type Company } from '@rayworks/contracts';
import { pageFetcher } from '../../../api/queries';

export const COMPANIES = 'companies';
export const fetchCompaniesPage = pageFetcher<Company>(AUTH_API.getCompanies);
