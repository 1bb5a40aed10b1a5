export { DashboardsPage } from './DashboardsPage';
