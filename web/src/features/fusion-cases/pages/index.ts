export { FusionCasesPage } from './FusionCasesPage';
