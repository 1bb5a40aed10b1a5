import { beforeAll } from '@jest/globals';
import { everyRoleTenant, type EveryRoleTenant } from '@rayworks/testing';

export { EVERY_ROLE_USERS, TEST_PASSWORD, type EveryRoleTenant, type EveryRoleUser } from '@rayworks/testing';

/**
 * A tenant of this spec file's own, with one user of every role (libs/testing everyRoleTenant), made before its
 * tests through the auth service's provisioner. End-to-end tests never log in to the demo tenant that `npm start`
 * shows, nor write into it (npm test checks it at the end). Call at the top of a describe.
 */
export function useTenant(label: string): () => EveryRoleTenant {
  let tenant: EveryRoleTenant | undefined;
  beforeAll(async () => {
    tenant = await everyRoleTenant(`e2e${label}`);
  }, 60_000);
  return () => {
    if (!tenant) throw new Error('the tenant is not provisioned yet: use it inside a test or hook');
    return tenant;
  };
}
