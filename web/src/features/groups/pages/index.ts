export { GroupsPage } from './GroupsPage';
export { AddGroupPage } from './AddGroupPage';
export { GroupViewPage } from './GroupViewPage';
export { AddCenterToGroupPage } from './AddCenterToGroupPage';
