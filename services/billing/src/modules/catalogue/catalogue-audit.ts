/** The billing service's audit actions on the catalogue. */
export const CATALOGUE_AUDIT_ACTIONS = {
  testCreate: 'TEST_CREATE',
  testUpdate: 'TEST_UPDATE',
  testStatus: 'TEST_STATUS',
  packageCreate: 'PACKAGE_CREATE',
  packageUpdate: 'PACKAGE_UPDATE',
  packageStatus: 'PACKAGE_STATUS',
} as const;
