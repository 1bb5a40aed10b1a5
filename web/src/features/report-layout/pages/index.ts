export { CustomTemplatePage } from './CustomTemplatePage';
