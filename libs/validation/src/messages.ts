// Every user-visible validation message of spec §5 (dynamic forms and the change-password form), written
// once. Spelling and capitalisation are the specification's, word for word ('Must have', 'in Between',
// 'Please Enter Your ...'): do not "fix" them.
// Not here: the import-folder messages of spec §5 (libs/dicom owns those rules) and the §8 success message
// 'Password updated successfully' (AUTH_MESSAGES.passwordUpdated in libs/contracts).
import { AMOUNT_MAX, AMOUNT_MIN, PASSWORD_MIN_LENGTH } from './limits.js';

// ---- Dynamic forms (spec §5) ----

/** mandatory: '{label} is required'. */
export const requiredMessage = (label: string): string => `${label} is required`;

/** mandatory array (multi-select): 'Please select at least one {label}'. */
export const selectAtLeastOneMessage = (label: string): string => `Please select at least one ${label}`;

/** email: '{label} must be a valid email address'. */
export const invalidEmailMessage = (label: string): string => `${label} must be a valid email address`;

/** phone pattern mismatch (also a PIN code whose first digit is 0): '{label} is not valid'. */
export const notValidMessage = (label: string): string => `${label} is not valid`;

/** date range needs two dates: '{label} Must have a Start and End Date'. */
export const dateRangeMessage = (label: string): string => `${label} Must have a Start and End Date`;

/** minimum length: '{label} must be at least {n} characters'. */
export const minLengthMessage = (label: string, n: number): string => `${label} must be at least ${n} characters`;

/** maximum on text: '{label} cannot exceed {n} characters'. */
export const maxLengthMessage = (label: string, n: number): string => `${label} cannot exceed ${n} characters`;

/** number with maxLen (and a PIN code) must have exactly that many digits: '{label} should be {n} digits'. */
export const exactDigitsMessage = (label: string, n: number): string => `${label} should be ${n} digits`;

/** regex on text: '{label} must be ' followed by the kind's words (see REGEX_KINDS). */
export const regexKindMessage = (label: string, words: string): string => `${label} must be ${words}`;

/** PIN of all zeros (000000). */
export const PIN_ALL_ZEROS_MESSAGE = 'Invalid PIN code. All zeros not allowed.';

/** Phone of ten zeros. */
export const PHONE_ALL_ZEROS_MESSAGE = 'Invalid Phone Number. All zeros not allowed.';

/** Input of the wrong shape: not a number where an amount is expected, an impossible date, a character no filter allows. */
export const INVALID_INPUTS_MESSAGE = 'Please give valid inputs';

/** Processing fee not below the price it is charged on. */
export const PROCESSING_FEE_MESSAGE = 'Please give Processing fee less than the actual price';

/** Empty amount in the hand-built price forms (validateAmount). */
export const AMOUNT_REQUIRED_MESSAGE = 'Please enter the amount';

/** Amounts, holiday price and night price out of range: '{label} should be in Between 0 to 100000'. */
export const amountRangeMessage = (label: string): string =>
  `${label} should be in Between ${AMOUNT_MIN} to ${AMOUNT_MAX}`;

// ---- Change password form (spec §5) ----

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Please Enter Your Current Password';
export const NEW_PASSWORD_REQUIRED_MESSAGE = 'Please Enter Your New Password';
export const PASSWORD_RULE_MESSAGE = `Password must be ${PASSWORD_MIN_LENGTH} characters including 1 uppercase, 1 lowercase, 1 numeric digit and 1 special character, with no spaces.`;
export const NEW_PASSWORD_SAME_AS_CURRENT_MESSAGE = 'New Password must be different from the Current Password';
export const CONFIRM_PASSWORD_REQUIRED_MESSAGE = 'Please Confirm Your New Password';
export const PASSWORDS_MISMATCH_MESSAGE = 'New Passwords must match';
// designed (ASVS 2.1.7, docs/decisions/0072): a password that satisfies the rule but is known from breaches
export const BREACHED_PASSWORD_MESSAGE =
  'This password is too common: it appears in lists of leaked passwords. Please choose a different one.';
