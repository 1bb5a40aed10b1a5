export { ViewerPage } from './ViewerPage';
