import { describe, expect, it } from '@jest/globals';
import { PASSWORD_MIN_LENGTH } from './limits.js';
import {
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  NEW_PASSWORD_REQUIRED_MESSAGE,
  NEW_PASSWORD_SAME_AS_CURRENT_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
} from './messages.js';
import {
  CHANGE_PASSWORD_FIELDS,
  PASSWORD_PATTERN,
  PASSWORD_SPECIAL_CHARACTERS,
  validateChangePassword,
  validatePassword,
  validateResetPassword,
} from './password.js';

const RULE =
  'Password must be 8 characters including 1 uppercase, 1 lowercase, 1 numeric digit and 1 special character, with no spaces.';

describe('password rule', () => {
  it('has the specification minimum length and special characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe('@$!%*?&');
    expect(PASSWORD_RULE_MESSAGE).toBe(RULE);
  });

  it('accepts exactly 8 characters with every required class', () => {
    expect(validatePassword('Abcdef1@')).toBeNull();
    expect(PASSWORD_PATTERN.test('Abcdef1@')).toBe(true);
  });

  it('accepts long passwords and every allowed special character', () => {
    for (const special of PASSWORD_SPECIAL_CHARACTERS) {
      expect(validatePassword(`Abcdefg1${special}`)).toBeNull();
    }
    expect(validatePassword(`Aa1@${'x'.repeat(200)}`)).toBeNull();
  });

  it.each([
    ['7 characters', 'Abcde1@'],
    ['no lowercase', 'ABCDEF1@'],
    ['no uppercase', 'abcdef1@'],
    ['no digit', 'Abcdefg@'],
    ['no special character', 'Abcdefg1'],
    ['a space inside', 'Abc def1@'],
    ['a leading space', ' Abcdef1@'],
    ['a trailing space', 'Abcdef1@ '],
    ['a special character outside @$!%*?&', 'Abcdef1@#'],
    ['an accented letter', 'Ábcdef1@x'],
    ['a newline', 'Abcdef1@\n'],
    ['nothing', ''],
  ])('refuses a password with %s', (_case, password) => {
    expect(validatePassword(password)).toBe(RULE);
  });
});

describe('validateChangePassword', () => {
  const valid = { currentPassword: 'OldPass1!', newPassword: 'NewPass1@', confirmPassword: 'NewPass1@' };

  it('names the three fields of the form', () => {
    expect(CHANGE_PASSWORD_FIELDS).toEqual(['currentPassword', 'newPassword', 'confirmPassword']);
  });

  it('passes a complete, valid change', () => {
    expect(validateChangePassword(valid)).toEqual({});
  });

  it('asks for every field of an empty form', () => {
    expect(validateChangePassword({})).toEqual({
      currentPassword: 'Please Enter Your Current Password',
      newPassword: 'Please Enter Your New Password',
      confirmPassword: 'Please Confirm Your New Password',
    });
    expect(validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: CURRENT_PASSWORD_REQUIRED_MESSAGE,
      newPassword: NEW_PASSWORD_REQUIRED_MESSAGE,
      confirmPassword: CONFIRM_PASSWORD_REQUIRED_MESSAGE,
    });
  });

  it('treats a value that is not a string (untrusted body) as missing', () => {
    expect(validateChangePassword({ currentPassword: 12345678, newPassword: null, confirmPassword: ['x'] })).toEqual({
      currentPassword: CURRENT_PASSWORD_REQUIRED_MESSAGE,
      newPassword: NEW_PASSWORD_REQUIRED_MESSAGE,
      confirmPassword: CONFIRM_PASSWORD_REQUIRED_MESSAGE,
    });
  });

  it('does not hold the current password to the new rule', () => {
    expect(validateChangePassword({ ...valid, currentPassword: 'old' })).toEqual({});
  });

  it('applies the rule to the new password', () => {
    const errors = validateChangePassword({ ...valid, newPassword: 'short1@', confirmPassword: 'short1@' });
    expect(errors).toEqual({ newPassword: RULE });
  });

  it('checks the rule before sameness', () => {
    const errors = validateChangePassword({ currentPassword: 'weak', newPassword: 'weak', confirmPassword: 'weak' });
    expect(errors).toEqual({ newPassword: RULE });
  });

  it('refuses a new password equal to the current one', () => {
    const same = { currentPassword: 'Same1@pass', newPassword: 'Same1@pass', confirmPassword: 'Same1@pass' };
    expect(validateChangePassword(same)).toEqual({
      newPassword: 'New Password must be different from the Current Password',
    });
    expect(validateChangePassword(same).newPassword).toBe(NEW_PASSWORD_SAME_AS_CURRENT_MESSAGE);
  });

  it('compares exactly: a different case is a different password', () => {
    expect(
      validateChangePassword({
        currentPassword: 'same1@PASS',
        newPassword: 'Same1@pass',
        confirmPassword: 'Same1@pass',
      }),
    ).toEqual({});
  });

  it('requires the confirmation to equal the new password', () => {
    expect(validateChangePassword({ ...valid, confirmPassword: 'NewPass1!' })).toEqual({
      confirmPassword: 'New Passwords must match',
    });
    expect(validateChangePassword({ ...valid, confirmPassword: 'NewPass1@ ' }).confirmPassword).toBe(
      PASSWORDS_MISMATCH_MESSAGE,
    );
  });

  it('reports a confirmation that matches nothing when the new password is missing', () => {
    expect(validateChangePassword({ currentPassword: 'OldPass1!', confirmPassword: 'NewPass1@' })).toEqual({
      newPassword: NEW_PASSWORD_REQUIRED_MESSAGE,
      confirmPassword: PASSWORDS_MISMATCH_MESSAGE,
    });
  });

  it('works for the server, which passes the new password as its own confirmation', () => {
    const body = { oldPassword: 'OldPass1!', newPassword: 'NewPass1@' };
    expect(
      validateChangePassword({
        currentPassword: body.oldPassword,
        newPassword: body.newPassword,
        confirmPassword: body.newPassword,
      }),
    ).toEqual({});
  });
});

describe('validateResetPassword', () => {
  it('passes a valid new password and its confirmation', () => {
    expect(validateResetPassword({ newPassword: 'NewPass1@', confirmPassword: 'NewPass1@' })).toEqual({});
  });

  it('asks for both fields, never for a current password', () => {
    expect(validateResetPassword({})).toEqual({
      newPassword: 'Please Enter Your New Password',
      confirmPassword: 'Please Confirm Your New Password',
    });
  });

  it('applies the rule and the match', () => {
    expect(validateResetPassword({ newPassword: 'password', confirmPassword: 'passw0rd' })).toEqual({
      newPassword: RULE,
      confirmPassword: 'New Passwords must match',
    });
  });
});
