export { ReportEditor } from './components/ReportEditor';
