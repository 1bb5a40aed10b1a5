import { describe, expect, it } from '@jest/globals';
import {
  breachedPasswordCandidates,
  breachedPasswordProblem,
  loadBreachedPasswords,
  TOP_BREACHED_PASSWORDS,
} from './breached-password.js';
import { BREACHED_PASSWORD_MESSAGE } from './messages.js';
import { validatePassword } from './password.js';

describe('breached passwords', () => {
  it('loads the offline list once: tens of thousands of entries, the most common first', async () => {
    const list = await loadBreachedPasswords();
    expect(list.all.size).toBeGreaterThan(40_000);
    expect(list.top.size).toBe(TOP_BREACHED_PASSWORDS);
    expect(list.top.has('password')).toBe(true);
    expect(await loadBreachedPasswords()).toBe(list);
  });

  it.each(['P@ssw0rd', 'Pa$$w0rd', 'Password1!', 'Qwerty123!', 'Iloveyou1!', '1qaz@WSX', 'Welcome@2025', 'Admin@123'])(
    'refuses %s, which satisfies the rule but is a well-known password',
    async (password) => {
      expect(validatePassword(password)).toBeNull();
      expect(breachedPasswordProblem(password, await loadBreachedPasswords())).toBe(BREACHED_PASSWORD_MESSAGE);
    },
  );

  it.each(['Fresh@2026', 'Third@2026', 'Second@1234', 'Kx9@vLq2mZ', 'Radiology@Ward7'])(
    'accepts %s (a less common word with digits, or random characters)',
    async (password) => {
      expect(breachedPasswordProblem(password, await loadBreachedPasswords())).toBeNull();
    },
  );

  it('looks up the lower-cased form, without trailing specials, with substitutions undone', () => {
    expect(breachedPasswordCandidates('P@ssw0rd!')).toEqual(['p@ssw0rd!', 'p@ssw0rd', 'password!', 'password']);
  });
});
