export { CaseDetailsPage } from './CaseDetailsPage';
