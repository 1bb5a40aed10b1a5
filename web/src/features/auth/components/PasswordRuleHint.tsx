import { PASSWORD_SPECIAL_CHARACTERS } from '@rayworks/validation';

/** A short description under the new-password field (the rule's own message is the validation error). */
export const PASSWORD_HINT = `At least 8 characters with an uppercase and a lowercase letter, a digit and one of ${PASSWORD_SPECIAL_CHARACTERS}; no spaces.`;
