export { CasesPage } from './CasesPage';
