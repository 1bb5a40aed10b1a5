export { CasesPage } from './CasesPage';
export { AssignCasesPage } from './AssignCasesPage';
