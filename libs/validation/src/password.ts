// Change-password rules (spec §5 "Change password form", §9 password minimum length).
import { PASSWORD_MIN_LENGTH } from './limits.js';
import {
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  NEW_PASSWORD_REQUIRED_MESSAGE,
  NEW_PASSWORD_SAME_AS_CURRENT_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
} from './messages.js';

/** The only special characters a password may (and must, at least once) contain. */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';

/**
 * At least PASSWORD_MIN_LENGTH characters, with at least one lowercase letter, one uppercase letter, one
 * digit and one of @$!%*?&; nothing but ASCII letters, digits and those specials (so no spaces, no accented
 * letters). No maximum length.
 */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])(?=[^0-9]*[0-9])(?=[^@$!%*?&]*[@$!%*?&])[A-Za-z0-9@$!%*?&]{${PASSWORD_MIN_LENGTH},}$`,
);

/** null when the password satisfies PASSWORD_PATTERN, else PASSWORD_RULE_MESSAGE (also for ''). Never trims. */
export function validatePassword(password: string): string | null {
  return PASSWORD_PATTERN.test(password) ? null : PASSWORD_RULE_MESSAGE;
}

export const CHANGE_PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
export type ChangePasswordField = (typeof CHANGE_PASSWORD_FIELDS)[number];

/** Values as a form or a request body holds them; anything but a non-empty string counts as missing. */
export type ChangePasswordInput = { readonly [K in ChangePasswordField]?: unknown };

export type ChangePasswordErrors = Partial<Record<ChangePasswordField, string>>;

function given(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/**
 * The change-password form, one message per field, in the specification's order:
 * - currentPassword: 'Please Enter Your Current Password' (not checked against the rule: old passwords may predate it);
 * - newPassword: 'Please Enter Your New Password', then PASSWORD_RULE_MESSAGE, then
 *   'New Password must be different from the Current Password';
 * - confirmPassword: 'Please Confirm Your New Password', then 'New Passwords must match'.
 * Passwords are compared and checked exactly as typed (never trimmed). The server, whose payload has no
 * confirmation (newPassword, oldPassword, email), passes confirmPassword: newPassword.
 */
export function validateChangePassword(input: ChangePasswordInput): ChangePasswordErrors {
  const { currentPassword, newPassword, confirmPassword } = input;
  const errors: ChangePasswordErrors = {};
  if (!given(currentPassword)) errors.currentPassword = CURRENT_PASSWORD_REQUIRED_MESSAGE;
  const newProblem = newPasswordProblem(newPassword, currentPassword);
  if (newProblem !== null) errors.newPassword = newProblem;
  const confirmProblem = confirmPasswordProblem(confirmPassword, newPassword);
  if (confirmProblem !== null) errors.confirmPassword = confirmProblem;
  return errors;
}

export type ResetPasswordField = Exclude<ChangePasswordField, 'currentPassword'>;
export type ResetPasswordInput = { readonly [K in ResetPasswordField]?: unknown };
export type ResetPasswordErrors = Partial<Record<ResetPasswordField, string>>;

/**
 * A form that sets a password without the current one (/update-password after a forced reset, the
 * /myaccount/reset/password link): the newPassword and confirmPassword rules of validateChangePassword,
 * with the same messages, minus the comparison with a current password.
 */
export function validateResetPassword(input: ResetPasswordInput): ResetPasswordErrors {
  const { newPassword, confirmPassword } = input;
  const errors: ResetPasswordErrors = {};
  const newProblem = newPasswordProblem(newPassword, undefined);
  if (newProblem !== null) errors.newPassword = newProblem;
  const confirmProblem = confirmPasswordProblem(confirmPassword, newPassword);
  if (confirmProblem !== null) errors.confirmPassword = confirmProblem;
  return errors;
}

function newPasswordProblem(newPassword: unknown, currentPassword: unknown): string | null {
  if (!given(newPassword)) return NEW_PASSWORD_REQUIRED_MESSAGE;
  if (!PASSWORD_PATTERN.test(newPassword)) return PASSWORD_RULE_MESSAGE;
  if (newPassword === currentPassword) return NEW_PASSWORD_SAME_AS_CURRENT_MESSAGE;
  return null;
}

function confirmPasswordProblem(confirmPassword: unknown, newPassword: unknown): string | null {
  if (!given(confirmPassword)) return CONFIRM_PASSWORD_REQUIRED_MESSAGE;
  if (confirmPassword !== newPassword) return PASSWORDS_MISMATCH_MESSAGE;
  return null;
}
