/** The lims service's audit actions on the lab test catalogue. */
export const LAB_CATALOGUE_AUDIT_ACTIONS = {
  labTestCreate: 'LAB_TEST_CREATE',
  labTestUpdate: 'LAB_TEST_UPDATE',
  labTestUpload: 'LAB_TEST_UPLOAD',
} as const;
