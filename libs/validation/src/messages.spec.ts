import { describe, expect, it } from '@jest/globals';
import {
  AMOUNT_REQUIRED_MESSAGE,
  amountRangeMessage,
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  dateRangeMessage,
  exactDigitsMessage,
  INVALID_INPUTS_MESSAGE,
  invalidEmailMessage,
  maxLengthMessage,
  minLengthMessage,
  NEW_PASSWORD_REQUIRED_MESSAGE,
  NEW_PASSWORD_SAME_AS_CURRENT_MESSAGE,
  notValidMessage,
  PASSWORD_RULE_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
  PHONE_ALL_ZEROS_MESSAGE,
  PIN_ALL_ZEROS_MESSAGE,
  PROCESSING_FEE_MESSAGE,
  regexKindMessage,
  requiredMessage,
  selectAtLeastOneMessage,
} from './messages.js';

// Word for word as spec §5 gives them, odd capitalisation included.
describe('messages', () => {
  it('builds the dynamic-form messages around the label', () => {
    expect(requiredMessage('First Name')).toBe('First Name is required');
    expect(selectAtLeastOneMessage('Modality')).toBe('Please select at least one Modality');
    expect(invalidEmailMessage('Email')).toBe('Email must be a valid email address');
    expect(notValidMessage('Phone Number')).toBe('Phone Number is not valid');
    expect(dateRangeMessage('Study Date')).toBe('Study Date Must have a Start and End Date');
    expect(minLengthMessage('Name', 3)).toBe('Name must be at least 3 characters');
    expect(maxLengthMessage('Name', 50)).toBe('Name cannot exceed 50 characters');
    expect(exactDigitsMessage('Aadhaar Number', 12)).toBe('Aadhaar Number should be 12 digits');
    expect(regexKindMessage('City', 'alphabets')).toBe('City must be alphabets');
    expect(amountRangeMessage('Holiday Price')).toBe('Holiday Price should be in Between 0 to 100000');
    expect(amountRangeMessage('Night Price')).toBe('Night Price should be in Between 0 to 100000');
  });

  it('keeps the fixed dynamic-form messages', () => {
    expect(PIN_ALL_ZEROS_MESSAGE).toBe('Invalid PIN code. All zeros not allowed.');
    expect(PHONE_ALL_ZEROS_MESSAGE).toBe('Invalid Phone Number. All zeros not allowed.');
    expect(INVALID_INPUTS_MESSAGE).toBe('Please give valid inputs');
    expect(PROCESSING_FEE_MESSAGE).toBe('Please give Processing fee less than the actual price');
    expect(AMOUNT_REQUIRED_MESSAGE).toBe('Please enter the amount');
  });

  it('keeps the change-password messages', () => {
    expect(CURRENT_PASSWORD_REQUIRED_MESSAGE).toBe('Please Enter Your Current Password');
    expect(NEW_PASSWORD_REQUIRED_MESSAGE).toBe('Please Enter Your New Password');
    expect(PASSWORD_RULE_MESSAGE).toBe(
      'Password must be 8 characters including 1 uppercase, 1 lowercase, 1 numeric digit and 1 special character, with no spaces.',
    );
    expect(NEW_PASSWORD_SAME_AS_CURRENT_MESSAGE).toBe('New Password must be different from the Current Password');
    expect(CONFIRM_PASSWORD_REQUIRED_MESSAGE).toBe('Please Confirm Your New Password');
    expect(PASSWORDS_MISMATCH_MESSAGE).toBe('New Passwords must match');
  });
});
