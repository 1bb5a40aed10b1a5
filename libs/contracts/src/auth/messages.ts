/**
 * User-visible messages of identity and access. Those the specification gives are word for word (spec §8);
 * the others are designed here, once, and asserted by tests.
 */
export const AUTH_MESSAGES = {
  // spec §8
  passwordUpdated: 'Password updated successfully',
  // designed: login never reveals whether a login name exists
  invalidCredentials: 'Invalid login name or password',
  accountInactive: 'Your account is inactive. Please contact your administrator.',
  // designed (docs/decisions/0085): said only after the right password, so it reveals nothing to a guesser
  companySuspended: 'Your company’s account is suspended. Please contact the Rayworks platform team.',
  noScreenPermitted: 'Your role does not open any screen yet. Please contact your administrator.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  loginRequired: 'Login name and password are required',
  sessionExpired: 'Your session has expired. Please log in again.',
  unauthorized: 'Please log in to continue.',
  forbidden: 'You do not have permission to do this.',
  invalidEncryptedBody: 'The request body could not be decrypted.',
  currentPasswordWrong: 'Current password is incorrect',
  temporaryPasswordExpired: 'Your temporary password has expired. Please use "Forgot password?" to set a new one.',
  resetLinkSent: 'If an account exists for that login name, a password reset link has been sent to its e-mail address.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordResetDone: 'Your password has been reset. Please log in.',
  loggedOut: 'Logged out',
  notFound: 'Not found',
  availabilityOnline: 'You are online',
  availabilityOffline: 'You are offline',
  // HTTP catalogue (spec §8)
  badGateway: 'Bad Gateway',
  genericError: 'Something went wrong. Please try again.',
} as const;

/** Success confirmations of the admin screens (spec §8: "add, update and activate/inactivate confirmations"). */
export const adminMessages = (entity: string) => ({
  created: `${entity} Added Successfully`,
  updated: `${entity} Updated Successfully`,
  activated: `${entity} Activated Successfully`,
  inactivated: `${entity} Inactivated Successfully`,
});

/** The platform operator's confirmations on the companies screen (docs/decisions/0085). */
export const COMPANY_MESSAGES = {
  created: 'Company Added Successfully',
  suspended: 'Company Suspended Successfully',
  resumed: 'Company Resumed Successfully',
  codeTaken: 'A company with this code already exists',
  loginNameTaken: 'This login name is already taken',
  notFound: 'Company not found',
} as const;

/** The new-version prompt (spec §4). */
export const NEW_VERSION_PROMPT = 'A new version of the app is available. Please refresh the page.';
