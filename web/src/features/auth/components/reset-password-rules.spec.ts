import { describe, expect, it } from '@jest/globals';
import { validateResetPassword } from './reset-password-rules';

describe('the reset-link password form (spec §5 messages)', () => {
  it('asks for both fields', () => {
    expect(validateResetPassword({ newPassword: '', confirmPassword: '' })).toEqual({
      newPassword: 'Please Enter Your New Password',
      confirmPassword: 'Please Confirm Your New Password',
    });
  });

  it('applies the password rule and the match', () => {
    expect(validateResetPassword({ newPassword: 'short', confirmPassword: 'short' }).newPassword).toBe(
      'Password must be 8 characters including 1 uppercase, 1 lowercase, 1 numeric digit and 1 special character, with no spaces.',
    );
    expect(validateResetPassword({ newPassword: 'Demo@12345', confirmPassword: 'Demo@1234' })).toEqual({
      confirmPassword: 'New Passwords must match',
    });
    expect(validateResetPassword({ newPassword: 'Demo@12345', confirmPassword: 'Demo@12345' })).toEqual({});
  });
});
