export { ReportTemplatesPage } from './ReportTemplatesPage';
