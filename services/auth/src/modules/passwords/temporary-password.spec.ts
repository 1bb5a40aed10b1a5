import { describe, expect, it } from '@jest/globals';
import { validatePassword } from '@rayworks/validation';
import { temporaryPassword } from './temporary-password.js';

describe('temporaryPassword', () => {
  it('always satisfies the password rule and differs each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = temporaryPassword();
      expect(validatePassword(password)).toBeNull();
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});
