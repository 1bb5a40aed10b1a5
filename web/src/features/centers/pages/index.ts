export { CentersPage } from './CentersPage';
export { AddIndividualCenterPage, AddGroupCenterPage } from './AddCenterPage';
export { CenterViewPage } from './CenterViewPage';
