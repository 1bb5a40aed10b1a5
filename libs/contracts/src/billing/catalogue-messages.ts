import { adminMessages } from '../auth/messages.js';

/** The billable test catalogue's messages (spec §8 'Unable Update Test Details'; the others in its words for records). */
export const TEST_MESSAGES = {
  ...adminMessages('Test'),
  notFound: 'Test not found',
  /** spec §8: an update of a test that cannot be made (it is not the caller's company's, or it is gone). */
  updateFailed: 'Unable Update Test Details',
  codeTaken: 'A test with this code already exists',
} as const;

export const PACKAGE_MESSAGES = {
  ...adminMessages('Package'),
  notFound: 'Package not found',
  codeTaken: 'A package with this code already exists',
  /** The package names test codes the catalogue does not hold (or holds inactive). */
  unknownTests: (codes: readonly string[]) => `Unknown or inactive test codes: ${codes.join(', ')}`,
} as const;
