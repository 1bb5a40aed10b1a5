/** The finance figures the dashboards show beside the worklist's (composed in app/screens.tsx). */
export { FinanceDashboardPanel } from './components/FinanceDashboardPanel';
