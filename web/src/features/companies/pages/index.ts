export { CompaniesPage } from './CompaniesPage';
export { AddCompanyPage } from './AddCompanyPage';
