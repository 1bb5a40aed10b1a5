export { ReportPrintPage } from './ReportPrintPage';
