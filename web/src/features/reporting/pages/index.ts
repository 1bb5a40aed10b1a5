export { PrintReportPage } from './PrintReportPage';
export { ReportPage } from './ReportPage';
