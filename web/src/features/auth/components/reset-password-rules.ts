import {
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  NEW_PASSWORD_REQUIRED_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
  validatePassword,
} from '@rayworks/validation';

export interface ResetPasswordValues {
  newPassword: string;
  confirmPassword: string;
  [key: string]: unknown;
}

/** The new-password and confirmation rules of the change-password form (spec §5), without a current password. */
export function validateResetPassword(values: ResetPasswordValues): Partial<Record<keyof ResetPasswordValues, string>> {
  const errors: Partial<Record<keyof ResetPasswordValues, string>> = {};
  if (values.newPassword === '') errors.newPassword = NEW_PASSWORD_REQUIRED_MESSAGE;
  else {
    const rule = validatePassword(values.newPassword);
    if (rule) errors.newPassword = rule;
  }
  if (values.confirmPassword === '') errors.confirmPassword = CONFIRM_PASSWORD_REQUIRED_MESSAGE;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORDS_MISMATCH_MESSAGE;
  return errors;
}
