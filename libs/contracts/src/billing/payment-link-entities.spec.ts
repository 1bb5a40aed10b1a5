import { describe, expect, it } from '@jest/globals';
import { PAYMENT_LINK_TOKEN_PATTERN } from './payment-link-endpoints.js';
import { patientFirstName } from './payment-link-entities.js';

describe('what a payment link shows of the patient', () => {
  it.each([
    ['Ravi Kumar', 'Ravi'],
    ['  asha   rao  ', 'asha'],
    ['Madonna', 'Madonna'],
    ['R. Kumar', 'R. K.'],
    ['R Kumar Sharma', 'R. K. S.'],
    ['Ōta Hiro', 'Ōta'],
    ['', ''],
  ])('%j → %j', (name, shown) => {
    expect(patientFirstName(name)).toBe(shown);
  });
});

describe("a payment link's token", () => {
  it('is the company (22 characters) and a 32-byte secret (43 characters), base64url', () => {
    const company = Buffer.alloc(16, 7).toString('base64url');
    const secret = Buffer.alloc(32, 9).toString('base64url');
    expect(PAYMENT_LINK_TOKEN_PATTERN.test(`${company}.${secret}`)).toBe(true);
    expect(PAYMENT_LINK_TOKEN_PATTERN.test(`${company}.${secret.slice(1)}`)).toBe(false);
    expect(PAYMENT_LINK_TOKEN_PATTERN.test(`${company}.${secret}=`)).toBe(false);
    expect(PAYMENT_LINK_TOKEN_PATTERN.test(`${company}${secret}`)).toBe(false);
  });
});
